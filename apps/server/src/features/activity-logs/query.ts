import type { ActivityFilter, ActivityFilterOptions, ActivityLogPage } from '@parley/shared/contracts/activity-logs';
import { ACTIVITY_SYSTEM_ACTOR } from '@parley/shared/contracts/activity-logs';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminActivityLogs, profiles } from '../../db/schema/index';
import { startsWithPattern } from '../../lib/like';
import { prepared } from '../../db/prepared';

/** The most distinct values a filter offers (actions, resource types and admins are a few dozen in practice). */
const FILTER_OPTIONS_MAX = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The SQL condition of the activity log's filters; undefined when nothing is filtered. */
export function activityWhere(filter: ActivityFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor === ACTIVITY_SYSTEM_ACTOR) conditions.push(isNull(adminActivityLogs.adminUserId));
  else if (filter.actor) conditions.push(eq(adminActivityLogs.adminUserId, filter.actor));
  if (filter.action) conditions.push(eq(adminActivityLogs.action, filter.action));
  if (filter.resourceType) conditions.push(eq(adminActivityLogs.resourceType, filter.resourceType));
  if (filter.resourceId) conditions.push(ilike(adminActivityLogs.resourceId, startsWithPattern(filter.resourceId)));
  if (filter.from) conditions.push(gte(adminActivityLogs.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(adminActivityLogs.createdAt, new Date(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The columns every reader of entries takes, with the acting admin's e-mail. */
export const entryColumns = {
  id: adminActivityLogs.id,
  action: adminActivityLogs.action,
  resourceType: adminActivityLogs.resourceType,
  resourceId: adminActivityLogs.resourceId,
  adminUserId: adminActivityLogs.adminUserId,
  adminEmail: profiles.email,
  details: adminActivityLogs.details,
  createdAt: adminActivityLogs.createdAt,
};

/** One page of the entries the filters match, newest first, with the three cards for all of them. */
export async function listActivityPage(db: Db, query: ActivityFilter & { page: number; pageSize: number }): Promise<ActivityLogPage> {
  const where = activityWhere(query);
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const [rows, [summary], [admins]] = await Promise.all([
    db
      .select(entryColumns)
      .from(adminActivityLogs)
      .leftJoin(profiles, eq(profiles.id, adminActivityLogs.adminUserId))
      .where(where)
      .orderBy(desc(adminActivityLogs.createdAt), desc(adminActivityLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: count(),
        recent24h: sql<number>`count(*) filter (where ${adminActivityLogs.createdAt} >= ${since}::timestamptz)`.mapWith(Number),
      })
      .from(adminActivityLogs)
      .where(where),
    // DISTINCT in a subquery is hashed: about three times faster than count(distinct …), which sorts (1M rows: 0.2 s).
    db.select({ n: count() }).from(
      db
        .selectDistinct({ adminUserId: adminActivityLogs.adminUserId })
        .from(adminActivityLogs)
        .where(and(where, isNotNull(adminActivityLogs.adminUserId)))
        .as('admins'),
    ),
  ]);
  const total = Number(summary?.total ?? 0);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    summary: { total, recent24h: summary?.recent24h ?? 0, distinctAdmins: Number(admins?.n ?? 0) },
  };
}

/** What the filters can be set to: the actions, resource types and admins the log holds. */
export async function activityFilterOptions(db: Db): Promise<ActivityFilterOptions> {
  const [actions, resourceTypes, actors] = await Promise.all([
    db.selectDistinct({ value: adminActivityLogs.action }).from(adminActivityLogs).orderBy(asc(adminActivityLogs.action)).limit(FILTER_OPTIONS_MAX),
    db.selectDistinct({ value: adminActivityLogs.resourceType }).from(adminActivityLogs).orderBy(asc(adminActivityLogs.resourceType)).limit(FILTER_OPTIONS_MAX),
    db
      .selectDistinct({ id: adminActivityLogs.adminUserId, email: profiles.email })
      .from(adminActivityLogs)
      .leftJoin(profiles, eq(profiles.id, adminActivityLogs.adminUserId))
      .where(isNotNull(adminActivityLogs.adminUserId))
      .orderBy(asc(profiles.email), asc(adminActivityLogs.adminUserId))
      .limit(FILTER_OPTIONS_MAX),
  ]);
  return {
    actions: actions.map((row) => row.value),
    resourceTypes: resourceTypes.map((row) => row.value),
    actors: actors.flatMap((row) => (row.id ? [{ id: row.id, email: row.email }] : [])),
  };
}

/** Spec §2 Activity Logs: the newest entries, and the three cards (last 100, last 24 h, distinct admins). */
/** The entries the summary cards describe. */
const SUMMARY_WINDOW = 100;

export async function listActivity(db: Db, limit: number) {
  const since = Date.now() - 24 * 60 * 60 * 1000;
  // The three cards describe the latest 100 entries, as the spec's "Total Activities (last 100 entries)": one read
  // of those 100 serves the list (its first `limit`) and every card, so Recent Actions never exceeds Total.
  const latest = await prepared(db, 'parley_activity_latest', (d, name) =>
    d
      .select({
        id: adminActivityLogs.id,
        action: adminActivityLogs.action,
        resourceType: adminActivityLogs.resourceType,
        resourceId: adminActivityLogs.resourceId,
        adminUserId: adminActivityLogs.adminUserId,
        details: adminActivityLogs.details,
        createdAt: adminActivityLogs.createdAt,
      })
      .from(adminActivityLogs)
      .orderBy(desc(adminActivityLogs.createdAt))
      .limit(SUMMARY_WINDOW)
      .prepare(name),
  ).execute();
  const rows = latest.slice(0, limit);
  const distinctAdmins = new Set(latest.flatMap((r) => (r.adminUserId ? [r.adminUserId] : []))).size;
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    summary: { total: latest.length, recent24h: latest.filter((r) => r.createdAt.getTime() >= since).length, distinctAdmins },
  };
}
