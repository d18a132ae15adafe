import { NOTIFICATION_KIND } from '@parley/shared/contracts/notification-preferences';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, profiles } from '../../db/schema/index';
import type { QUEUES_SENT_WITHIN_TRANSACTIONS } from '../../jobs/queue';
import type { Mailer } from '../../providers/email/mailer';
import { userIdsThatWant } from '../notification-preferences/index';

/**
 * Usage-threshold e-mails (decisions/0032-tokens-metering-ledger-and-document-cost.md): when an organization's tokens this month reach 80% and then 100% of
 * its tier's monthly limit, its active owners and admins who kept "Usage thresholds" on are e-mailed, once per
 * threshold per month. The threshold is claimed and the e-mail job enqueued by noticeUsageThresholds (thresholds.ts) in
 * the transaction that metered the tokens; this is the job.
 */

export const USAGE_THRESHOLD_EMAIL_JOB: (typeof QUEUES_SENT_WITHIN_TRANSACTIONS)[number] = 'usage-threshold-email';
export const USAGE_EMAIL_THRESHOLDS = [80, 100] as const;

export interface UsageThresholdEmailJob {
  organizationId: string;
  threshold: (typeof USAGE_EMAIL_THRESHOLDS)[number];
  /** The month, YYYY-MM (UTC). */
  period: string;
  used: number;
  limit: number;
}

const formatTokens = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * The job: e-mails the organization's active owners and admins who want usage-threshold e-mails. Each message has a
 * dedupe key, so a retried job e-mails nobody twice. Returns how many were e-mailed by this run.
 */
export async function sendUsageThresholdEmails(deps: { db: Db; mailer: Mailer; publicUrl: string }, job: UsageThresholdEmailJob): Promise<number> {
  const { db } = deps;
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, job.organizationId));
  if (!org) return 0;
  const members = await db
    .select({ userId: profiles.id, email: profiles.email })
    .from(organizationMembers)
    .innerJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, job.organizationId), inArray(organizationMembers.role, ['owner', 'admin']), eq(profiles.isActive, true)));
  const wanted = new Set(
    await userIdsThatWant(
      db,
      members.map((m) => m.userId),
      NOTIFICATION_KIND.usageThresholds,
    ),
  );
  const reached = job.threshold >= 100;
  const subject = reached ? `${org.name} has used all of this month's tokens` : `${org.name} has used ${job.threshold}% of this month's tokens`;
  const text = [
    `${org.name} has used ${formatTokens(job.used)} of its ${formatTokens(job.limit)} tokens for ${job.period} (${job.threshold}% reached).`,
    reached
      ? 'Further answers use the organization’s credit tokens, if it has any, and are refused after that until next month.'
      : 'When all are used, further answers use credit tokens, if any, and are then refused until next month.',
    '',
    `See usage and upgrade the plan: ${deps.publicUrl}/dashboard/subscription`,
    '',
    'You get this because you are an owner or admin of the organization. Turn these e-mails off under Settings, Notifications.',
  ].join('\n');
  let sent = 0;
  for (const member of members.filter((m) => wanted.has(m.userId))) {
    const result = await deps.mailer.send({
      kind: `usage_threshold_${job.threshold}`,
      to: member.email,
      subject,
      text: `${text}\n`,
      dedupeKey: `usage-threshold:${job.organizationId}:${job.period}:${job.threshold}:${member.userId}`,
    });
    if (result.status !== 'duplicate') sent += 1;
  }
  return sent;
}

/** Sends the usage-threshold e-mails from the durable queue. */
export async function startUsageThresholdEmailWorker(app: FastifyInstance, mailer: Mailer): Promise<void> {
  if (!app.jobs) return;
  await app.jobs.work<UsageThresholdEmailJob>(USAGE_THRESHOLD_EMAIL_JOB, { concurrency: 1, pollingIntervalSeconds: 5 }, async (job) => {
    const sent = await sendUsageThresholdEmails({ db: app.db, mailer, publicUrl: app.config.publicUrl }, job.data);
    app.log.info({ organizationId: job.data.organizationId, threshold: job.data.threshold, sent }, 'usage threshold e-mails sent');
  });
}
