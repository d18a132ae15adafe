import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { apiRequests, cspViolationReports, cspViolations, rateLimitHits } from '../../db/schema/index';

/**
 * Request, refusal and CSP-report rows are kept this long (the widest window shown is 7 days), and a CSP violation
 * group no report has added to in as long goes with them (its reports with it).
 */
export const API_USAGE_RETENTION_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Rows removed per statement: at high traffic a day holds millions, and one DELETE of them all would hold its locks and WAL for long. */
export const RETENTION_BATCH_ROWS = 5000;

type ExpiringTable = typeof apiRequests | typeof rateLimitHits | typeof cspViolationReports | typeof cspViolations;

/** Deletes a table's rows older than `before`, a batch at a time; only the count of each batch comes back, never the ids. */
async function deleteOlderThan(db: Db, table: ExpiringTable, time: AnyPgColumn, before: Date, batchRows: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with doomed as (select ${table.id} from ${table} where ${time} < ${before} limit ${batchRows}),
             gone as (delete from ${table} where ${table.id} in (select id from doomed) returning 1)
        select count(*)::int as n from gone`),
    );
    const n = Number(row?.n ?? 0);
    removed += n;
    if (n < batchRows) return removed;
  }
}

/** Deletes rows older than the retention; idempotent, so every node may run it. Returns the rows removed. */
export async function deleteExpiredUsage(db: Db, now = new Date(), batchRows = RETENTION_BATCH_ROWS): Promise<number> {
  const before = new Date(now.getTime() - API_USAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await Promise.all(
    (
      [
        [apiRequests, apiRequests.createdAt],
        [rateLimitHits, rateLimitHits.createdAt],
        [cspViolationReports, cspViolationReports.createdAt],
      ] as const
    ).map(([table, time]) => deleteOlderThan(db, table, time, before, batchRows)),
  );
  // After the reports: a group's delete cascades to its reports, which must not race the reports' own delete.
  removed.push(await deleteOlderThan(db, cspViolations, cspViolations.lastSeenAt, before, batchRows));
  return removed.reduce((total, n) => total + n, 0);
}

/** Hourly sweep on a running server (and once shortly after start); returns what stops it. */
export function startApiUsageRetention(app: FastifyInstance): () => void {
  const sweep = () =>
    deleteExpiredUsage(app.db)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'expired API usage rows deleted'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'API usage retention sweep failed'));
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
