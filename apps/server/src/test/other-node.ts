import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client';
import type { ReadCache } from '../db/read-cache';
import { adminUsers } from '../db/schema/index';

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

/**
 * Waits until `cache` heard every change committed so far. Another node touches admin_users, which the tests that use
 * this never write (a statement changing no row is announced all the same), and the listening connection hears every
 * session's notifications in commit order: once that one is heard, every earlier one was. This process hears its own
 * changes twice: before they return, from the connection that made them, then from the listening connection.
 */
export async function everyChangeHeard(cache: ReadCache, other: ReturnType<typeof otherNode>): Promise<void> {
  let loads = 0;
  const key = `probe:${randomUUID()}`;
  // No passages: a value the retrieval cache can weigh too.
  const load = async () => ((loads += 1), []);
  await cache.read([adminUsers], key, load);
  await other.query('UPDATE admin_users SET role = role WHERE false');
  await until(async () => {
    await cache.read([adminUsers], key, load);
    return loads > 1;
  }, 'every change so far is heard');
}
