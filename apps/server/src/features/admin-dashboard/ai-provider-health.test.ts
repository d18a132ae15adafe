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
    expect((await listSystemApiKeys(database.db, testConfig())).embeddingProvider).toEqual({ service: 'openai', configured: false, source: null });
    // A compatible server for answers only does not embed new chatbots' documents.
    expect((await listSystemApiKeys(database.db, testConfig(COMPATIBLE))).embeddingProvider.configured).toBe(false);
    expect((await listSystemApiKeys(database.db, testConfig(COMPATIBLE_EMBEDDING))).embeddingProvider).toEqual({
      service: 'openai',
      configured: true,
      source: 'openai_compatible',
    });
  });
});
