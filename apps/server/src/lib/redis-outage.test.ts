import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createAdmin } from '../test/admin';
import { createSignedInUser, openTestDatabase, testConfig } from '../test/harness';
import { createRedisRateLimiter } from './rate-limiter';
import { createRedisRealtime } from './realtime';

/** Nothing listens on port 1: Redis is "away" for the whole test (docs/operations.md, "When a service goes away"). */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';

describe('Redis away', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('rate limits fall back to counting on the node: still enforced, never an error', async () => {
    const limiter = createRedisRateLimiter(UNREACHABLE_REDIS, `outage-${Date.now()}:`);
    closers.push(() => limiter.close());
    expect(limiter.shared).toBe(false);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('visitor', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('live updates still reach the listeners on the same node', async () => {
    const errors: string[] = [];
    const realtime = createRedisRealtime(UNREACHABLE_REDIS, { onError: (message) => errors.push(message) });
    closers.push(() => realtime.close());
    const received: unknown[] = [];
    realtime.subscribe('handoff:1', (event) => received.push(event));
    await realtime.publish('handoff:1', { type: 'message', text: 'hello' });
    expect(received).toEqual([{ type: 'message', text: 'hello' }]);
    expect(realtime.connected).toBe(false);
  });

  it('the server keeps serving; /api/health answers 200 "degraded" and says what is degraded', async () => {
    const { database, dispose } = await openTestDatabase('pglite');
    const app = await buildApp(testConfig({ REDIS_URL: UNREACHABLE_REDIS }), { database, logger: false });
    closers.push(dispose);
    closers.push(() => app.close());
    await app.ready();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', redis: { status: 'error' }, database: { status: expect.stringMatching(/healthy|warning/) } });
    expect(health.json().warnings).toContain(
      'Redis is unreachable: rate limits are counted on each node alone and live updates reach this node only, until it returns.',
    );
    // System Health says the same to the operator.
    const admin = await createAdmin({ app, database, config: app.config }, 'developer');
    const items = (await app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin.cookie } })).json().items;
    expect(items).toContainEqual({
      name: 'Redis',
      status: 'error',
      detail: 'Unreachable from this node: rate limits are counted on each node alone and live updates reach this node only, until it returns',
    });
    // Sign-up and sign-in go through their rate limits.
    const user = await createSignedInUser({ app, database, config: app.config });
    const profile = await app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: user.cookie } });
    expect(profile.statusCode).toBe(200);
  }, 90_000);
});
