import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';
import { quoteIdentifier } from './raw-sql';

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL as one process without its background workers, so
 * nothing ever analyzes or vacuums: the planner works without statistics (every table "never analyzed") and rows
 * that updates and deletes leave behind are never reclaimed. This does what autovacuum does, with its default
 * thresholds, from the server: every minute, a table changed by more than 50 rows + 10% of its size is analyzed, and
 * one with more than 50 + 20% dead rows is vacuumed (and analyzed). PostgreSQL has autovacuum; there it is not used.
 */
export const MAINTENANCE_EVERY_MS = 60_000;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;

interface TableActivity {
  schema: string;
  name: string;
  /** pg_class.reltuples: the size at the last analyze or vacuum; -1 when never. */
  tuples: number;
  dead: number;
  changedSinceAnalyze: number;
}

/** One pass: the tables past a threshold are vacuumed or analyzed, one at a time. Returns what was done. */
export async function maintainTables(database: Database): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const { rows } = await database.executeSql(
    `SELECT s.schemaname AS schema, s.relname AS name, c.reltuples::float8 AS tuples,
            s.n_dead_tup::float8 AS dead, s.n_mod_since_analyze::float8 AS "changedSinceAnalyze"
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      ORDER BY s.schemaname, s.relname`,
    [],
  );
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const table of rows as TableActivity[]) {
    const size = Math.max(0, table.tuples);
    const qualified = `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
    if (table.dead > VACUUM_THRESHOLD + VACUUM_SCALE * size) {
      await database.executeSql(`VACUUM (ANALYZE) ${qualified}`);
      vacuumed.push(`${table.schema}.${table.name}`);
    } else if (table.changedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * size) {
      await database.executeSql(`ANALYZE ${qualified}`);
      analyzed.push(`${table.schema}.${table.name}`);
    }
  }
  return { analyzed, vacuumed };
}

/** Runs `maintainTables` every minute on the embedded database (a first pass 10 s after start). Returns a stop. */
export function startEmbeddedMaintenance(database: Database, log: FastifyBaseLogger): () => void {
  if (database.driver !== 'pglite') return () => {};
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const done = await maintainTables(database);
      if (done.analyzed.length || done.vacuumed.length) log.debug(done, 'embedded database maintained');
    } catch (error) {
      log.warn({ err: error }, 'embedded database maintenance failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void pass(), 10_000);
  const timer = setInterval(() => void pass(), MAINTENANCE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
