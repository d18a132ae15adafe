import { ACTIVITY_EXPORT_BATCH, ACTIVITY_EXPORT_MAX_ROWS, type ActivityFilter } from '@parley/shared/contracts/activity-logs';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { adminActivityLogs, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { CSV_BOM, csvRow } from '../analytics/index';
import { activityWhere } from './query';

export const ACTIVITY_CSV_HEADER = ['time', 'action', 'resource_type', 'resource_id', 'admin_user_id', 'admin_email', 'ip_address', 'user_agent', 'details'];

/** The details as JSON, without the user agent (its own column). */
function detailsJson(details: Record<string, unknown>): string {
  const { user_agent: _userAgent, ...rest } = details;
  return Object.keys(rest).length ? JSON.stringify(rest) : '';
}

/**
 * The entries the filters match as CSV, newest first, read a batch at a time (never the whole log in memory). The
 * count comes first, so the browser can show how far the download is; entries written after it are left out, so the
 * file holds exactly that many rows. More than ACTIVITY_EXPORT_MAX_ROWS is refused: the filters must narrow it.
 */
export async function openActivityExport(db: Db, filter: ActivityFilter): Promise<{ total: number; fileName: string; stream: Readable }> {
  const where = activityWhere(filter);
  const [counted] = await db
    .select({ n: count(), at: sql<string>`clock_timestamp()::text` })
    .from(adminActivityLogs)
    .where(where);
  const total = Number(counted?.n ?? 0);
  if (total > ACTIVITY_EXPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION_ERROR',
      `These filters match ${total.toLocaleString('en-US')} entries; at most ${ACTIVITY_EXPORT_MAX_ROWS.toLocaleString('en-US')} can be exported at once. Narrow the dates or the other filters.`,
    );
  }
  const until = counted!.at;
  const bounded = and(where, lte(adminActivityLogs.createdAt, sql`${until}::timestamptz`));

  /** The next batch after `cursor`, newest first: keyset paging on (created_at, id), the time as PostgreSQL's own text (microseconds). */
  const readBatch = (cursor: { at: string; id: string } | null, limit: number) =>
    db
      .select({
        id: adminActivityLogs.id,
        at: sql<string>`${adminActivityLogs.createdAt}::text`,
        createdAt: adminActivityLogs.createdAt,
        action: adminActivityLogs.action,
        resourceType: adminActivityLogs.resourceType,
        resourceId: adminActivityLogs.resourceId,
        adminUserId: adminActivityLogs.adminUserId,
        adminEmail: profiles.email,
        ipAddress: adminActivityLogs.ipAddress,
        userAgent: adminActivityLogs.userAgent,
        details: adminActivityLogs.details,
      })
      .from(adminActivityLogs)
      .leftJoin(profiles, eq(profiles.id, adminActivityLogs.adminUserId))
      .where(cursor ? and(bounded, sql`(${adminActivityLogs.createdAt}, ${adminActivityLogs.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`) : bounded)
      .orderBy(desc(adminActivityLogs.createdAt), desc(adminActivityLogs.id))
      .limit(limit);

  async function* chunks() {
    yield Buffer.from(CSV_BOM + csvRow(ACTIVITY_CSV_HEADER), 'utf8');
    let cursor: { at: string; id: string } | null = null;
    let written = 0;
    while (written < total) {
      const rows = await readBatch(cursor, Math.min(ACTIVITY_EXPORT_BATCH, total - written));
      if (rows.length === 0) break;
      written += rows.length;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.at, id: last.id };
      const text = rows
        .map((row) =>
          csvRow([
            row.createdAt.toISOString(),
            row.action,
            row.resourceType,
            row.resourceId,
            row.adminUserId,
            row.adminEmail,
            row.ipAddress,
            row.userAgent,
            detailsJson(row.details),
          ]),
        )
        .join('');
      yield Buffer.from(text, 'utf8');
    }
  }

  const stamp = new Date().toISOString().slice(0, 10);
  return { total, fileName: `parley-activity-log-${stamp}.csv`, stream: Readable.from(chunks()) };
}
