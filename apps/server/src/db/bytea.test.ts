import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

for (const driver of ['pglite', 'postgres'] as const) {
  (driver === 'postgres' && !inject('postgresUrl') ? describe.skip : describe)(`bytea [${driver}]`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await openTestDatabase(driver));
    });
    afterAll(() => dispose());

    // Every byte value, then a megabyte of them: what an uploaded file may hold.
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.concat(Array.from({ length: 4096 }, () => every));

    it('sends a document’s bytes to the database as they are', async () => {
      for (const bytes of [every, large, Buffer.alloc(0), new Uint8Array(every.buffer, 16, 32)]) {
        const [row] = rows<{ hex: string; length: number }>(
          await database.db.execute(sql`select encode(${bytes}::bytea, 'hex') as hex, length(${bytes}::bytea) as length`),
        );
        expect(row!.hex).toBe(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'));
        expect(Number(row!.length)).toBe(bytes.byteLength);
      }
    });

    it('reads them back as a Buffer of the same bytes', async () => {
      for (const bytes of [every, large, Buffer.alloc(0)]) {
        const [row] = rows<{ bytes: Buffer }>(await database.db.execute(sql`select decode(${bytes.toString('hex')}, 'hex') as bytes`));
        expect(Buffer.isBuffer(row!.bytes)).toBe(true);
        expect(row!.bytes.equals(bytes)).toBe(true);
      }
    });
  });
}
