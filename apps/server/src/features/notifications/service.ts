import type { BroadcastBody } from '@parley/shared/contracts/notifications';
import { and, count, desc, eq, gte, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, userNotifications } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { containsPattern } from '../../lib/like';
import type { JobQueue, TransactionSend } from '../../jobs/queue';
import { STAFF_MESSAGE_EMAIL_BATCH, STAFF_MESSAGE_EMAIL_JOB, type StaffMessageEmailJob } from './emails';

const ACTIVE_WINDOW_DAYS = 30;
const activeSince = () => new Date(Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000);

/** All Active Users = active profiles signed in within 30 days; All Users = every profile. */
export async function listRecipients(db: Db, mode: 'active' | 'all', search = '') {
  const where = mode === 'active' ? and(eq(profiles.isActive, true), gte(profiles.lastSignInAt, activeSince())) : undefined;
  // The count is of the whole group; the list (for Selected Users) can be narrowed by e-mail or name.
  const pattern = containsPattern(search);
  const listWhere = search ? and(where, or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern))) : where;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl, createdAt: profiles.createdAt })
      .from(profiles)
      .where(listWhere)
      .orderBy(desc(profiles.createdAt))
      .limit(500),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return { count: Number(total?.n ?? 0), items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/**
 * One user_notifications row per recipient, the activity entry, and (with a job queue) the jobs that e-mail the
 * message to recipients who want staff messages, in one transaction (decisions/0026-background-jobs.md).
 */
export async function broadcast(deps: { db: Db; jobs: JobQueue | null }, input: BroadcastBody & { actorId: string }, context: RequestContext): Promise<number> {
  const inTransaction = <R>(write: (tx: Db, send: TransactionSend | null) => Promise<R>) =>
    deps.jobs ? deps.jobs.transaction(deps.db, [STAFF_MESSAGE_EMAIL_JOB], write) : deps.db.transaction((tx) => write(tx, null));
  return inTransaction(async (tx, send) => {
    let recipientIds: string[];
    if (input.recipients === 'selected') {
      const found = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(inArray(profiles.id, [...new Set(input.userIds)]));
      recipientIds = found.map((r) => r.id);
    } else {
      const where = input.recipients === 'active' ? and(eq(profiles.isActive, true), gte(profiles.lastSignInAt, activeSince())) : undefined;
      recipientIds = (await tx.select({ id: profiles.id }).from(profiles).where(where)).map((r) => r.id);
    }
    if (recipientIds.length === 0) throw new AppError('VALIDATION_ERROR', 'No recipients selected');
    for (let i = 0; i < recipientIds.length; i += STAFF_MESSAGE_EMAIL_BATCH) {
      const inserted = await tx
        .insert(userNotifications)
        .values(
          recipientIds.slice(i, i + STAFF_MESSAGE_EMAIL_BATCH).map((userId) => ({
            userId,
            title: input.title,
            message: input.message,
            type: input.priority,
            link: input.link ?? null,
            isRead: false,
            createdBy: input.actorId,
          })),
        )
        .returning({ id: userNotifications.id });
      const job: StaffMessageEmailJob = { notificationIds: inserted.map((row) => row.id) };
      if (send) await send(STAFF_MESSAGE_EMAIL_JOB, job);
    }
    await logAdminActivity(
      tx,
      {
        action: 'bulk_notification_sent',
        resourceType: 'notification',
        adminUserId: input.actorId,
        details: { recipients: input.recipients, count: recipientIds.length, title: input.title, priority: input.priority },
      },
      context,
    );
    return recipientIds.length;
  });
}

const NOTIFICATIONS_SHOWN = 50;

export async function listNotifications(db: Db, userId: string) {
  const [rows, [unread]] = await Promise.all([
    db.select().from(userNotifications).where(eq(userNotifications.userId, userId)).orderBy(desc(userNotifications.createdAt)).limit(NOTIFICATIONS_SHOWN),
    db
      .select({ n: count() })
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, userId), eq(userNotifications.isRead, false))),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: r.message,
      type: r.type,
      link: r.link,
      isRead: r.isRead,
      createdAt: r.createdAt.toISOString(),
    })),
    unread: Number(unread?.n ?? 0),
  };
}

export async function markRead(db: Db, userId: string, id?: string): Promise<void> {
  const where = id ? and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)) : eq(userNotifications.userId, userId);
  const updated = await db.update(userNotifications).set({ isRead: true }).where(where).returning({ id: userNotifications.id });
  if (id && updated.length === 0) throw new AppError('NOT_FOUND', 'Notification not found.');
}
