import { and, count, desc, eq, gte, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sessions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { assertNotLastSystemAdminAccount } from '../admin-users/index';
import { containsPattern } from '../../lib/like';

const GROWTH_WINDOW_DAYS = 30;

const toManagedUser = (p: typeof profiles.$inferSelect) => ({
  id: p.id,
  email: p.email,
  fullName: p.fullName,
  avatarUrl: p.avatarUrl,
  isActive: p.isActive,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export interface UserListQuery {
  search: string;
  status: 'all' | 'active' | 'deactivated';
  page: number;
  pageSize: number;
}

/** Newest first; search on e-mail or full name (partial); status filter on is_active (spec §2, §7). */
export async function listUsers(db: Db, query: UserListQuery) {
  const conditions: SQL[] = [];
  const term = query.search.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern))!);
  }
  if (query.status !== 'all') conditions.push(eq(profiles.isActive, query.status === 'active'));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(profiles)
      .where(where)
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return { items: rows.map(toManagedUser), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** The spec's get_user_management_stats; total_chatbots is null until chatbots exist in this install. */
export async function userStats(db: Db, countChatbots: () => Promise<number | null>) {
  const monthStart = new Date();
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const [[total], [active], [fresh], chatbots] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(profiles).where(eq(profiles.isActive, true)),
    db.select({ n: count() }).from(profiles).where(gte(profiles.createdAt, monthStart)),
    countChatbots(),
  ]);
  return { total_users: Number(total?.n ?? 0), active_users: Number(active?.n ?? 0), new_users_this_month: Number(fresh?.n ?? 0), total_chatbots: chatbots };
}

export async function getUser(db: Db, input: { id: string; actorId: string }, context: RequestContext) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, input.id));
  if (!profile) throw new AppError('NOT_FOUND', 'User not found.');
  await logAdminActivity(db, { action: 'user_viewed', resourceType: 'user', resourceId: input.id, adminUserId: input.actorId }, context);
  return toManagedUser(profile);
}

/**
 * Deactivate (system_admin, never oneself, never the last usable system admin) or reactivate.
 * Deactivation deletes the user's sessions in the same transaction, so they are signed out at once.
 */
export async function setUserActive(db: Db, input: { id: string; isActive: boolean; actorId: string }, context: RequestContext) {
  if (!input.isActive && input.id === input.actorId) throw new AppError('FORBIDDEN', 'You cannot deactivate your own account');
  return db.transaction(async (tx) => {
    if (!input.isActive) await assertNotLastSystemAdminAccount(tx, input.id);
    const [updated] = await tx.update(profiles).set({ isActive: input.isActive, updatedAt: new Date() }).where(eq(profiles.id, input.id)).returning();
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.');
    let sessionsEnded = 0;
    if (!input.isActive) sessionsEnded = (await tx.delete(sessions).where(eq(sessions.userId, input.id)).returning({ id: sessions.id })).length;
    await logAdminActivity(
      tx,
      {
        action: input.isActive ? 'user_reactivated' : 'user_deactivated',
        resourceType: 'user',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: input.isActive ? {} : { sessions_ended: sessionsEnded },
      },
      context,
    );
    return toManagedUser(updated);
  });
}

export { GROWTH_WINDOW_DAYS };
