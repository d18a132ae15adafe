import { NOTIFICATION_KIND } from '@parley/shared/contracts/notification-preferences';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { chatbots, conversations, handoffs, organizationMembers, profiles } from '../../db/schema/index';
import type { Mailer } from '../../providers/email/mailer';
import { userIdsThatWant } from '../notification-preferences/index';
import { HANDOFF_ALERT_JOB, visitorLabel } from './service';

/**
 * A handoff still waiting when its chatbot's alert time is up: e-mail the organization's
 * owners and admins once (alerted_at is claimed first, so a retried job does not e-mail twice).
 * Returns how many e-mails were sent.
 */
export async function sendHandoffWaitAlert(deps: { db: Db; mailer: Mailer; publicUrl: string }, handoffId: string): Promise<number> {
  const { db } = deps;
  const [claimed] = await db
    .update(handoffs)
    .set({ alertedAt: new Date() })
    .where(and(eq(handoffs.id, handoffId), eq(handoffs.status, 'waiting'), isNull(handoffs.alertedAt)))
    .returning();
  if (!claimed) return 0;
  const [details] = await db
    .select({ chatbotName: chatbots.name, visitorId: conversations.visitorId })
    .from(chatbots)
    .innerJoin(conversations, eq(conversations.id, claimed.conversationId))
    .where(eq(chatbots.id, claimed.chatbotId));
  const members = await db
    .select({ userId: profiles.id, email: profiles.email })
    .from(organizationMembers)
    .innerJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, claimed.organizationId), inArray(organizationMembers.role, ['owner', 'admin']), eq(profiles.isActive, true)),
    );
  // Members who turned "handoff waiting" e-mails off in their settings are skipped.
  const wanted = new Set(
    await userIdsThatWant(
      db,
      members.map((m) => m.userId),
      NOTIFICATION_KIND.handoffWaiting,
    ),
  );
  const recipients = members.filter((m) => wanted.has(m.userId));
  const minutes = Math.max(1, Math.round((Date.now() - claimed.requestedAt.getTime()) / 60_000));
  const link = `${deps.publicUrl}/dashboard/inbox?handoff=${claimed.id}`;
  const who = details ? visitorLabel(details.visitorId) : 'A visitor';
  const chatbotName = details?.chatbotName ?? 'your chatbot';
  for (const { email } of recipients) {
    await deps.mailer.send({
      kind: 'handoff_waiting',
      to: email,
      subject: `${who} has been waiting ${minutes} min for a person on ${chatbotName}`,
      text: `${who} asked to talk to a person on ${chatbotName} ${minutes} minute${minutes === 1 ? '' : 's'} ago and nobody has answered yet.\n\nLast message: ${claimed.lastMessagePreview}\n\nAnswer in your inbox: ${link}\n`,
    });
  }
  return recipients.length;
}

/** Runs the delayed "still waiting" alerts from the durable queue. */
export async function startHandoffAlertWorker(app: FastifyInstance, mailer: Mailer): Promise<void> {
  if (!app.jobs) return;
  await app.jobs.work<{ handoffId: string }>(HANDOFF_ALERT_JOB, { concurrency: 1, pollingIntervalSeconds: 5 }, async (job) => {
    const sent = await sendHandoffWaitAlert({ db: app.db, mailer, publicUrl: app.config.publicUrl }, job.data.handoffId);
    if (sent > 0) app.log.info({ handoffId: job.data.handoffId, sent }, 'handoff wait alert sent');
  });
}
