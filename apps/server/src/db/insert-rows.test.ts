import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { insertRows } from './insert-rows';
import { adminActivityLogs, rateLimitHits } from './schema/index';

for (const driver of ['pglite', 'postgres'] as const) {
  (driver === 'postgres' && !inject('postgresUrl') ? describe.skip : describe)(`insertRows [${driver}]`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await openTestDatabase(driver));
    });
    afterAll(() => dispose());

    it('stores every row as drizzle would: text with quotes and unicode, nulls, numbers, jsonb, timestamps, a keyword column', async () => {
      const at = new Date('2026-11-25T10:11:12.345Z');
      const rows = Array.from({ length: 600 }, (_, i) => ({
        action: `a'b"c\\d ${i} 日本 😀 <script>`,
        resourceType: 'user',
        resourceId: i % 2 ? String(i) : null,
        details: { n: i, nested: { list: [1, 'two', null] }, quote: "it's" },
        ipAddress: null,
        createdAt: new Date(at.getTime() + i),
      }));
      await insertRows(database.db, adminActivityLogs, rows);
      const stored = await database.db
        .select()
        .from(adminActivityLogs)
        .where(inArray(adminActivityLogs.action, [rows[0]!.action, rows[599]!.action]));
      expect(stored.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())).toMatchObject([
        { action: rows[0]!.action, resourceId: null, details: rows[0]!.details, ipAddress: null, createdAt: at, userAgent: null },
        { action: rows[599]!.action, resourceId: '599', details: rows[599]!.details, createdAt: new Date(at.getTime() + 599) },
      ]);
      expect(stored[0]!.id).toMatch(/^[0-9a-f-]{36}$/);

      await insertRows(database.db, rateLimitHits, [
        { bucket: 'chat:bot', subject: 'x', limit: 120, windowSeconds: 60, route: null, ipAddress: '::1', createdAt: at },
      ]);
      const [hit] = await database.db.select().from(rateLimitHits);
      expect(hit).toMatchObject({ bucket: 'chat:bot', limit: 120, windowSeconds: 60, route: null, createdAt: at });
    });

    it('refuses a row that leaves out a column the first row gives, and stores nothing', async () => {
      const rows = [
        { action: 'first', resourceType: 'user', ipAddress: '10.0.0.1' },
        { action: 'second', resourceType: 'user' },
      ];
      await expect(insertRows(database.db, adminActivityLogs, rows)).rejects.toThrow('row 1 has no value for ipAddress');
      expect(
        await database.db
          .select()
          .from(adminActivityLogs)
          .where(inArray(adminActivityLogs.action, ['first', 'second'])),
      ).toEqual([]);
    });

    it('does nothing for no rows', async () => {
      await expect(insertRows(database.db, adminActivityLogs, [])).resolves.toBeUndefined();
    });
  });
}
