import { NOTIFICATION_KIND } from '@parley/shared/contracts/notification-preferences';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { profiles, userNotifications } from '../../db/schema/index';
import type { Mailer } from '../../providers/email/mailer';
import { userIdsThatWant } from '../notification-preferences/index';

/**
 * Staff messages (Send Message to Users) are also e-mailed, to recipients who kept "Product messages" on
 * (decisions/0019-organizations-teams-and-roles.md). The jobs are stored with the notifications, one per batch of recipients; each e-mail has
 * a dedupe key (the notification's id), so a retried job e-mails nobody twice.
 */

export const STAFF_MESSAGE_EMAIL_JOB = 'staff-message-email';
/** Notifications per job (and per insert). */
export const STAFF_MESSAGE_EMAIL_BATCH = 500;

export interface StaffMessageEmailJob {
  notificationIds: string[];
}

/** E-mails the given notifications to their active recipients who want them. Returns how many were e-mailed by this run. */
export async function sendStaffMessageEmails(deps: { db: Db; mailer: Mailer; publicUrl: string }, job: StaffMessageEmailJob): Promise<number> {
  const { db } = deps;
  if (job.notificationIds.length === 0) return 0;
  const rows = await db
    .select({
      id: userNotifications.id,
      userId: userNotifications.userId,
      title: userNotifications.title,
      message: userNotifications.message,
      link: userNotifications.link,
      email: profiles.email,
    })
    .from(userNotifications)
    .innerJoin(profiles, eq(profiles.id, userNotifications.userId))
    .where(and(inArray(userNotifications.id, job.notificationIds), eq(profiles.isActive, true)));
  const wanted = new Set(
    await userIdsThatWant(
      db,
      rows.map((r) => r.userId),
      NOTIFICATION_KIND.productMessages,
    ),
  );
  let sent = 0;
  for (const row of rows.filter((r) => wanted.has(r.userId))) {
    const lines = [
      row.message,
      '',
      ...(row.link ? [`More: ${row.link}`, ''] : []),
      `Also in your notifications: ${deps.publicUrl}/dashboard`,
      '',
      'You get this message from the Parley team because "Product messages" is on under Settings, Notifications.',
    ];
    const result = await deps.mailer.send({
      kind: 'staff_message',
      to: row.email,
      subject: row.title,
      text: `${lines.join('\n')}\n`,
      dedupeKey: `staff-message:${row.id}`,
    });
    if (result.status !== 'duplicate') sent += 1;
  }
  return sent;
}

/** Sends the staff-message e-mails from the durable queue. */
export async function startStaffMessageEmailWorker(app: FastifyInstance, mailer: Mailer): Promise<void> {
  if (!app.jobs) return;
  await app.jobs.work<StaffMessageEmailJob>(STAFF_MESSAGE_EMAIL_JOB, { concurrency: 1, pollingIntervalSeconds: 5 }, async (job) => {
    const sent = await sendStaffMessageEmails({ db: app.db, mailer, publicUrl: app.config.publicUrl }, job.data);
    app.log.info({ notifications: job.data.notificationIds.length, sent }, 'staff message e-mails sent');
  });
}
