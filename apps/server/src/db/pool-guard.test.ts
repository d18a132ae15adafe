import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { releaseClientsOnFailedBegin } from './client';

const postgresUrl = inject('postgresUrl');
if (!postgresUrl) console.warn(`\n[parley tests] ${inject('postgresSkipReason')}: the failed-BEGIN pool test is skipped.\n`);

/**
 * Found by the PostgreSQL restart test: a transaction whose BEGIN fails on a connection that just died kept its
 * pooled client forever (Drizzle sends BEGIN before its try/finally), so the pool shrank and closing it hung.
 */
describe.skipIf(!postgresUrl)('a pooled client whose BEGIN fails', () => {
  it('goes back to the pool, which discards it: no connection is lost and the pool closes', async () => {
    const pool = releaseClientsOnFailedBegin(new pg.Pool({ connectionString: postgresUrl!, max: 1 }));
    pool.on('error', () => {});
    const admin = new pg.Client({ connectionString: postgresUrl! });
    await admin.connect();
    try {
      const client = await pool.connect();
      client.on('error', () => {});
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // PostgreSQL ends the connection while the client is checked out, as a restart does.
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(client.query({ text: 'begin' })).rejects.toThrow();
      // The caller (Drizzle) does not release after a failed BEGIN; the guard did. The one slot is free again.
      expect(pool.totalCount).toBe(0);
      const again = await pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
      // A caller that releases anyway (its own finally) is harmless.
      expect(() => client.release()).not.toThrow();
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
