import type { NotificationKind, NotificationPreferences, UpdateNotificationPreferencesBody } from '@parley/shared/contracts/notification-preferences';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema/index';

type PreferenceRow = typeof notificationPreferences.$inferSelect;

const COLUMN: Record<NotificationKind, keyof Pick<PreferenceRow, 'handoffWaiting' | 'usageThresholds' | 'billing' | 'productMessages'>> = {
  handoff_waiting: 'handoffWaiting',
  usage_thresholds: 'usageThresholds',
  billing: 'billing',
  product_messages: 'productMessages',
};

const DEFAULTS: NotificationPreferences = { handoff_waiting: true, usage_thresholds: true, billing: true, product_messages: true };

const toPreferences = (row: PreferenceRow | undefined): NotificationPreferences =>
  row
    ? { handoff_waiting: row.handoffWaiting, usage_thresholds: row.usageThresholds, billing: row.billing, product_messages: row.productMessages }
    : { ...DEFAULTS };

export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return toPreferences(row);
}

export async function updateNotificationPreferences(db: Db, userId: string, body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
  const changes: Partial<Record<(typeof COLUMN)[NotificationKind], boolean>> = {};
  for (const [kind, value] of Object.entries(body) as [NotificationKind, boolean | undefined][]) {
    if (value !== undefined) changes[COLUMN[kind]] = value;
  }
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return toPreferences(row);
}

export type EmailRecipient = { userId: string } | { email: string };

/**
 * Whether a user wants e-mails of this kind: the one check every optional e-mail goes through
 * (transactional ones — address confirmation, password reset, invitations, security notices — do
 * not ask). An address that belongs to no user (someone outside Parley) gets it.
 */
export async function shouldEmail(db: Db, recipient: EmailRecipient, kind: NotificationKind): Promise<boolean> {
  if ('userId' in recipient) {
    return (await userIdsThatWant(db, [recipient.userId], kind)).length === 1;
  }
  const allowed = await emailsThatWant(db, [recipient.email], kind);
  return allowed.length === 1;
}

/** The users, of those given, who want this kind of e-mail (in the order given). */
export async function userIdsThatWant(db: Db, userIds: string[], kind: NotificationKind): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notificationPreferences.userId, wants: notificationPreferences[COLUMN[kind]] })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...new Set(userIds)]));
  const refused = new Set(rows.filter((r) => !r.wants).map((r) => r.userId));
  return userIds.filter((id) => !refused.has(id));
}

/** The addresses, of those given, whose owners want this kind of e-mail (in the order given). */
export async function emailsThatWant(db: Db, emails: string[], kind: NotificationKind): Promise<string[]> {
  if (emails.length === 0) return [];
  const lowered = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const rows = await db
    .select({ email: users.email, wants: notificationPreferences[COLUMN[kind]] })
    .from(users)
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.email, lowered));
  const refused = new Set(rows.filter((r) => !r.wants).map((r) => r.email.toLowerCase()));
  return emails.filter((e) => !refused.has(e.trim().toLowerCase()));
}
