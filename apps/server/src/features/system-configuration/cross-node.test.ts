import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { systemConfiguration } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { openTestDatabase, testConfig, type TestContext } from '../../test/harness';
import { redisSkipReason, TEST_REDIS_URL } from '../../test/redis';
import { readSystemConfiguration, SYSTEM_CONFIGURATION_MAX_AGE_MS } from '../../services/system-configuration';

const postgresReason = inject('postgresUrl') ? '' : inject('postgresSkipReason');
const redisReason = await redisSkipReason();
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: the system configuration tests across nodes are skipped.\n`);
if (redisReason) console.warn(`\n[parley tests] ${redisReason}: the system configuration test across nodes through Redis is skipped.\n`);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return { value, elapsedMs: Date.now() - started };
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Two server processes' worth of app on one PostgreSQL: a save on node A reaches node B's cached copy within a second. */
function acrossTwoNodes(transport: 'postgres' | 'redis') {
  const nodes: { app: FastifyInstance; database: Database }[] = [];
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    dispose = first.dispose;
    for (const database of [first.database, await openDatabase({ databaseUrl: first.database.url!, poolSize: 4 })]) {
      const config = testConfig({
        PARLEY_SECRET_KEY: 'cross-node-secret-key-0123456789abcdef',
        ...(transport === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
      });
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      nodes.push({ app, database });
    }
    // Both listeners are up (LISTEN / SUBSCRIBE happen when a node starts).
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await nodes[1]?.database.close();
    await dispose?.();
  });

  it(`node B uses its cached copy, and a save on node A replaces it within a second (${transport})`, async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    expect(b.app.realtime.transport).toBe(transport);
    const ctxA: TestContext = { app: a.app, database: a.database, config: a.app.config };
    const admin = await createAdmin(ctxA, 'system_admin');

    expect((await readSystemConfiguration(b.database.db)).defaultChunkSize).toBe(SYSTEM_CONFIGURATION_DEFAULTS.defaultChunkSize);
    // A change behind the application's back (no announcement) is not seen: node B really caches.
    await a.database.db.update(systemConfiguration).set({ webhookRateLimitPerMinute: 7 });
    expect((await readSystemConfiguration(b.database.db)).webhookRateLimitPerMinute).toBe(100);
    expect(SYSTEM_CONFIGURATION_MAX_AGE_MS).toBeGreaterThan(5000);

    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/system-configuration',
      headers: { cookie: admin.cookie },
      payload: { ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null, defaultChunkSize: 640, maxConcurrentProcessingJobs: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Node A forgot its copy before answering.
    expect((await readSystemConfiguration(a.database.db)).defaultChunkSize).toBe(640);
    const { value, elapsedMs } = await waitFor(
      () => readSystemConfiguration(b.database.db),
      (settings) => settings.defaultChunkSize === 640,
      1000,
    );
    expect(elapsedMs).toBeLessThan(1000);
    expect(value).toMatchObject({ maxConcurrentProcessingJobs: 3, webhookRateLimitPerMinute: 100 });
  });
}

describe.skipIf(Boolean(postgresReason))('system configuration across two server processes on one PostgreSQL (LISTEN/NOTIFY)', () =>
  acrossTwoNodes('postgres'),
);
describe.skipIf(Boolean(postgresReason || redisReason))('system configuration across two server processes through Redis', () => acrossTwoNodes('redis'));
