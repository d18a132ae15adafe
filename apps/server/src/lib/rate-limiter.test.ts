import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redisSkipReason, TEST_REDIS_URL } from '../test/redis';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

const redisUrl = TEST_REDIS_URL;
const redisReason = await redisSkipReason();
if (redisReason) console.warn(`\n[parley tests] ${redisReason}: the Redis rate-limiter tests are skipped.\n`);

function behavesAsAFixedWindow(make: () => RateLimiter) {
  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const limiter = make();
    const key = `test:${randomBytes(6).toString('hex')}`;
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(key, 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]!.remaining).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit(`${key}:other`, 3, 60)).allowed).toBe(true);
    await limiter.close();
  });

  it('a weighted hit counts as that many, and the window starts with it', async () => {
    const limiter = make();
    const key = `test:${randomBytes(6).toString('hex')}`;
    const first = await limiter.hit(key, 10, 60, 7);
    expect(first).toMatchObject({ allowed: true, remaining: 3 });
    expect(first.retryAfterSeconds).toBeGreaterThan(0);
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.hit(key, 10, 60, 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await limiter.hit(key, 10, 60)).allowed).toBe(false);
    expect((await limiter.hit(`${key}:big`, 10, 60, 11)).allowed).toBe(false);
    await limiter.close();
  });
}

describe('memory rate limiter', () => {
  behavesAsAFixedWindow(() => createMemoryRateLimiter());

  it('opens a new window when the old one ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('k', 1, 10);
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(false);
    now += 10_001;
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(true);
  });
});

describe.skipIf(Boolean(redisReason))('Redis rate limiter (shared by every node)', () => {
  behavesAsAFixedWindow(() => createRedisRateLimiter(redisUrl, `parley-test:${randomBytes(4).toString('hex')}:`));

  it('two nodes count against one limit', async () => {
    const prefix = `parley-test:${randomBytes(4).toString('hex')}:`;
    const a = createRedisRateLimiter(redisUrl, prefix);
    const b = createRedisRateLimiter(redisUrl, prefix);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(true);
    expect((await b.hit('shared', 2, 60)).allowed).toBe(true);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(false);
    await a.close();
    await b.close();
  });
});
