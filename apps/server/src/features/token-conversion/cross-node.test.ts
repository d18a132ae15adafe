import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createAdmin } from '../../test/admin';
import { openTestDatabase, testConfig, type TestContext } from '../../test/harness';
import { redisSkipReason, TEST_REDIS_URL } from '../../test/redis';

const postgresReason = inject('postgresUrl') ? '' : inject('postgresSkipReason');
const redisReason = await redisSkipReason();
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: the token conversion tests across nodes are skipped.\n`);
if (redisReason) console.warn(`\n[parley tests] ${redisReason}: the token conversion test across nodes through Redis is skipped.\n`);

/**
 * Two server processes' worth of app (own pools, own realtime listeners, own cached rules) on one PostgreSQL:
 * a save on node A must reach node B's cached rules at once, not after the 5-minute cache lifetime.
 */
function acrossTwoNodes(transport: 'postgres' | 'redis') {
  const nodes: { app: FastifyInstance; database: Database }[] = [];
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    dispose = first.dispose;
    const secretKey = 'cross-node-secret-key-0123456789abcdef';
    for (const database of [first.database, await openDatabase({ databaseUrl: first.database.url!, poolSize: 4 })]) {
      const config = testConfig({ PARLEY_SECRET_KEY: secretKey, ...(transport === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}) });
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      nodes.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await nodes[1]?.database.close();
    await dispose?.();
  });

  it(`a rate saved on node A is what node B's calculator and meter use at once (${transport})`, async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    expect(a.app.realtime.transport).toBe(transport);
    const ctxA: TestContext = { app: a.app, database: a.database, config: a.app.config };
    const admin = await createAdmin(ctxA, 'system_admin');
    const calculateOnB = async () =>
      (
        await b.app.inject({
          method: 'POST',
          url: '/api/admin/token-conversion/calculate',
          headers: { cookie: admin.cookie },
          payload: { text: 'x'.repeat(100) },
        })
      ).json() as { estimatedTokens: number; message: { tokens: number } };

    // Node B has the default rules cached.
    expect((await calculateOnB()).estimatedTokens).toBe(134);
    expect(await b.app.tokenMeter.messageTokens('x'.repeat(100))).toBe(134);
    // Both listeners are up (LISTEN / SUBSCRIBE happen when a node starts; give them a moment on a loaded machine).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/token-conversion',
      headers: { cookie: admin.cookie },
      payload: {
        conversion: { charactersPerToken: 0.5, tokensPerCharacter: 2 },
        message: { description: 'Chat', baseRateMultiplier: 1.5, isActive: true },
        storage: { description: 'Docs', baseRateMultiplier: 1, isActive: true },
      },
    });
    expect(saved.statusCode).toBe(200);

    // The announcement crosses processes in milliseconds; allow a loaded machine two seconds (the cache would keep the old rules for five minutes).
    const deadline = Date.now() + 2000;
    let seen = await calculateOnB();
    while (seen.estimatedTokens !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await calculateOnB();
    }
    expect(seen).toMatchObject({ estimatedTokens: 200, message: { tokens: 300 } });
    expect(await b.app.tokenMeter.messageTokens('x'.repeat(100))).toBe(300);
  });
}

(postgresReason ? describe.skip : describe)('token conversion across nodes (PostgreSQL LISTEN/NOTIFY)', () => acrossTwoNodes('postgres'));
(postgresReason || redisReason ? describe.skip : describe)('token conversion across nodes (Redis)', () => acrossTwoNodes('redis'));
