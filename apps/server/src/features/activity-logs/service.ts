import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { adminActivityLogs } from '../../db/schema/index';
import { clientInfo } from '../../lib/client-info';

/** A transaction or the database: activity is written in the same transaction as the change. */
type Executor = Pick<Db, 'insert'>;

export interface ActivityInput {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  adminUserId: string | null;
  details?: Record<string, unknown>;
}

/** Who did it and from where, taken from the request. */
export function activityContext(request: FastifyRequest) {
  const { ipAddress, userAgent } = clientInfo(request);
  return { ipAddress, userAgent };
}

export async function logAdminActivity(db: Executor, input: ActivityInput, context: { ipAddress: string; userAgent: string | null }): Promise<void> {
  await db.insert(adminActivityLogs).values({
    action: input.action,
    resourceType: input.resourceType,
    resourceId: input.resourceId ?? null,
    adminUserId: input.adminUserId,
    details: { ...(input.details ?? {}), user_agent: context.userAgent },
    userAgent: context.userAgent,
    ipAddress: context.ipAddress,
  });
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
