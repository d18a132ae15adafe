import pg from 'pg';
import type { Database } from '../db/client';

/**
 * SQL sent as another node would send it: on PostgreSQL through a pool of its own, which LISTENs on nothing, so this
 * process hears of its changes only through its listening connection; the embedded database is one process.
 */
export function otherNode(database: Database) {
  const pool = database.url ? new pg.Pool({ connectionString: database.url, max: 2 }) : null;
  return {
    query: async (text: string, values?: unknown[]) => (pool ? pool.query(text, values) : database.executeSql(text, values)) as Promise<{ rows: unknown[] }>,
    close: async () => pool?.end(),
  };
}

/** Waits until `check` holds, looking every 10 ms; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
