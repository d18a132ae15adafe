import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { systemApiKeys } from '../../db/schema/index';
import { openTestDatabase, testConfig } from '../../test/harness';
import { listSystemApiKeys } from '../system-api-keys/service';
import { aiProviderItem } from './system-health';

const COMPATIBLE = { OPENAI_COMPATIBLE_BASE_URL: 'http://models.internal:11434/v1' };
const COMPATIBLE_EMBEDDING = { ...COMPATIBLE, OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'nomic-embed-text', OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: '768' };

describe('AI provider: System Health and the System API keys alert', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase('pglite'));
  });
  afterAll(async () => dispose());

  it('System Health warns that answers are extractive only while no provider is configured', async () => {
    const item = await aiProviderItem(database.db, testConfig());
    expect(item).toMatchObject({ name: 'AI provider', status: 'warning', detail: expect.stringContaining('answers are extractive only') });
  });

  it('a key in the environment, an OpenAI-compatible server, or an active stored key makes it healthy', async () => {
    expect(await aiProviderItem(database.db, testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test' }))).toEqual({
      name: 'AI provider',
      status: 'healthy',
      detail: 'Configured: Anthropic',
    });
    expect(await aiProviderItem(database.db, testConfig(COMPATIBLE))).toMatchObject({
      status: 'healthy',
      detail: 'Configured: OpenAI-compatible server at models.internal:11434',
    });
    await database.db.insert(systemApiKeys).values({ serviceName: 'mistral', keyName: 'off', encryptedValue: 'v1.x.y.z', last4: 'zzzz', isActive: false });
    expect((await aiProviderItem(database.db, testConfig())).status).toBe('warning');
    await database.db.insert(systemApiKeys).values({ serviceName: 'mistral', keyName: 'on', encryptedValue: 'v1.x.y.z', last4: 'zzzz' });
    expect(await aiProviderItem(database.db, testConfig())).toMatchObject({ status: 'healthy', detail: 'Configured: Mistral' });
    await database.db.delete(systemApiKeys);
  });

  it('the "No OpenAI API key configured" alert counts an OpenAI-compatible embedding model as configured', async () => {
    expect((await listSystemApiKeys(database.db, testConfig())).embeddingProvider).toEqual({
      service: 'openai',
      configured: false,
      source: null,
      dailyLimitReached: false,
    });
    // A compatible server for answers only does not embed new chatbots' documents.
    expect((await listSystemApiKeys(database.db, testConfig(COMPATIBLE))).embeddingProvider.configured).toBe(false);
    expect((await listSystemApiKeys(database.db, testConfig(COMPATIBLE_EMBEDDING))).embeddingProvider).toEqual({
      service: 'openai',
      configured: true,
      source: 'openai_compatible',
      dailyLimitReached: false,
    });
  });

  it('says when the only OpenAI keys are free keys at their daily limit, until a usable key is there', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const provider = async (env: Record<string, string> = {}) => (await listSystemApiKeys(database.db, testConfig(env))).embeddingProvider;
    const free = { serviceName: 'openai', tier: 'free', encryptedValue: 'v1.x.y.z', last4: 'zzzz', usageLimitPerDay: 5 } as const;
    await database.db.insert(systemApiKeys).values({ ...free, keyName: 'spent', usageCountToday: 5, lastUsedDate: today });
    // Counted as configured (the spec's warning stays away), and said to be spent.
    expect(await provider()).toEqual({ service: 'openai', configured: true, source: 'system_key', dailyLimitReached: true });
    // Yesterday's count does not hold today.
    await database.db.insert(systemApiKeys).values({ ...free, keyName: 'yesterday', usageCountToday: 5, lastUsedDate: '2020-01-01' });
    expect((await provider()).dailyLimitReached).toBe(false);
    await database.db.delete(systemApiKeys).where(eq(systemApiKeys.keyName, 'yesterday'));
    // The environment's key is used after the stored ones.
    expect((await provider({ OPENAI_API_KEY: 'sk-test' })).dailyLimitReached).toBe(false);
    await database.db.insert(systemApiKeys).values({ serviceName: 'openai', keyName: 'system', encryptedValue: 'v1.x.y.z', last4: 'zzzz' });
    expect((await provider()).dailyLimitReached).toBe(false);
    await database.db.delete(systemApiKeys);
  });
});
