import { count, gte } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiRequests, rateLimitHits } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';
import { API_USAGE_RETENTION_DAYS, deleteExpiredUsage } from './retention';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('API usage retention', (ctx) => {
  it('deletes every expired row in batches, counting them, and keeps the rows inside the retention', async () => {
    const { db } = ctx().database;
    const now = new Date();
    const old = new Date(now.getTime() - (API_USAGE_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(now.getTime() - DAY);
    const request = (createdAt: Date) => ({ method: 'GET', route: '/api/x', statusCode: 200, durationMs: 1, createdAt });
    await db.delete(apiRequests);
    await db.delete(rateLimitHits);
    await db.insert(apiRequests).values([...Array.from({ length: 7 }, () => request(old)), request(recent), request(recent)]);
    await db
      .insert(rateLimitHits)
      .values(Array.from({ length: 3 }, () => ({ bucket: 'signin:ip', subject: '10.0.0.1', limit: 5, windowSeconds: 60, createdAt: old })));

    // Batches of 3: the 7 expired requests take three statements (3, 3, 1), the 3 hits two (3, 0).
    expect(await deleteExpiredUsage(db, now, 3)).toBe(10);
    expect((await db.select({ n: count() }).from(apiRequests))[0]?.n).toBe(2);
    expect((await db.select({ n: count() }).from(apiRequests).where(gte(apiRequests.createdAt, recent)))[0]?.n).toBe(2);
    expect((await db.select({ n: count() }).from(rateLimitHits))[0]?.n).toBe(0);
    expect(await deleteExpiredUsage(db, now)).toBe(0);
  });
});
