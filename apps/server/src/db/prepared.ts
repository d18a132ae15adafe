import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database (drizzle's `.prepare(name)`): the SQL is built once, and PostgreSQL parses
 * it once per connection and may keep its plan. For queries on the path of many requests.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build(db, name));
  return byName.get(name) as T;
}
