import { count, countDistinct, desc, gte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
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
export async function listActivity(db: Db, limit: number) {
  const rows = await db.select().from(adminActivityLogs).orderBy(desc(adminActivityLogs.createdAt)).limit(limit);
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [recent] = await db.select({ n: count() }).from(adminActivityLogs).where(gte(adminActivityLogs.createdAt, since));
  // Cards describe the latest 100 entries, as the spec's "Total Activities (last 100 entries)".
  const [distinct] = await db
    .select({ n: countDistinct(sql`admins.admin_user_id`) })
    .from(sql`(select admin_user_id from ${adminActivityLogs} order by created_at desc limit 100) as admins`);
  const [total] = await db.select({ n: count() }).from(sql`(select 1 from ${adminActivityLogs} order by created_at desc limit 100) as latest`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      resourceType: r.resourceType,
      resourceId: r.resourceId,
      adminUserId: r.adminUserId,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    summary: { total: Number(total?.n ?? 0), recent24h: Number(recent?.n ?? 0), distinctAdmins: Number(distinct?.n ?? 0) },
  };
}
