import { and, eq, like, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailOutbox, organizationMembers, organizations, subscriptionTierLimits, usageLedger } from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { createMailer } from '../../providers/email/mailer';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { sendStaffMessageEmails, STAFF_MESSAGE_EMAIL_JOB, type StaffMessageEmailJob } from '../notifications/emails';
import { organizationTierAndUsage } from '../usage/service';
import { noticeUsageThresholds } from '../usage/thresholds';
import { sendUsageThresholdEmails, USAGE_THRESHOLD_EMAIL_JOB, type UsageThresholdEmailJob } from '../usage/threshold-emails';

const preferences = '/api/account/notification-preferences';

async function organizationOf(c: TestContext, cookie: string): Promise<string> {
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (me.json() as { organizations: { id: string }[] }).organizations[0]!.id;
}

/** The data of the jobs waiting in a queue. */
async function queued<T>(c: TestContext, name: string): Promise<T[]> {
  const result = (await c.database.db.execute(sql`SELECT data FROM pgboss.job WHERE name = ${name} ORDER BY created_on`)) as unknown as {
    rows: { data: T }[];
  };
  return result.rows.map((row) => row.data);
}

const outboxTo = async (c: TestContext, email: string, kindPattern: string) =>
  c.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.kind, kindPattern)));

describeEachDatabase('the optional e-mails the notification preferences switch: usage thresholds and staff messages', (ctx) => {
  it('a chat turn that takes the month past 80% and then 100% queues one e-mail job each, in its transaction; owners and admins who want them are e-mailed once', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const admin = await createSignedInUser(c);
    const member = await createSignedInUser(c);
    const optedOut = await createSignedInUser(c);
    await db.insert(organizationMembers).values([
      { organizationId, userId: admin.userId, role: 'admin' },
      { organizationId, userId: member.userId, role: 'member' },
      { organizationId, userId: optedOut.userId, role: 'admin' },
    ]);
    await c.app.inject({ method: 'PATCH', url: preferences, headers: { cookie: optedOut.cookie }, payload: { usage_thresholds: false } });
    const tier = `usage-mail-${organizationId.slice(0, 8)}`;
    await db.insert(subscriptionTierLimits).values({ tier, displayName: 'Thousand', monthlyTokenLimit: 100_000, maxChatbots: 1 });
    await db.update(organizations).set({ tier }).where(eq(organizations.id, organizationId));
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Metered' } })).json() as {
      id: string;
    };
    const chat = async () => {
      const response = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'Where is the launch pad?' },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    c.app.jobs = await startJobQueue(c.database, c.app.log);
    try {
      await db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 79_990 });
      // A metering transaction that rolls back leaves neither the claim nor the job.
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 100 });
          expect(await noticeUsageThresholds(tx, { jobs: c.app.jobs }, organizationId)).toEqual(['email_usage_threshold_80']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await queued(c, USAGE_THRESHOLD_EMAIL_JOB)).toEqual([]);

      await chat();
      await chat();
      const first = await queued<UsageThresholdEmailJob>(c, USAGE_THRESHOLD_EMAIL_JOB);
      expect(first.map((job) => [job.organizationId, job.threshold, job.limit])).toEqual([[organizationId, 80, 100_000]]);
      // One token short of the limit: the next turn reaches 100%.
      const { used } = await organizationTierAndUsage(db, organizationId);
      await db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 100_000 - used - 1 });
      await chat();
      await chat();
      const jobs = await queued<UsageThresholdEmailJob>(c, USAGE_THRESHOLD_EMAIL_JOB);
      expect(jobs.map((job) => job.threshold)).toEqual([80, 100]);

      const mailer = createMailer(c.config, db, c.app.log);
      const deps = { db, mailer, publicUrl: c.config.publicUrl };
      for (const job of jobs) expect(await sendUsageThresholdEmails(deps, job)).toBe(2);
      // The job retried (a crash after sending) e-mails nobody again.
      for (const job of jobs) expect(await sendUsageThresholdEmails(deps, job)).toBe(0);
      expect((await outboxTo(c, owner.email, 'usage_threshold_%')).map((m) => m.kind).sort()).toEqual(['usage_threshold_100', 'usage_threshold_80']);
      expect((await outboxTo(c, admin.email, 'usage_threshold_%')).length).toBe(2);
      expect(await outboxTo(c, member.email, 'usage_threshold_%')).toEqual([]);
      expect(await outboxTo(c, optedOut.email, 'usage_threshold_%')).toEqual([]);
      const [eighty] = await outboxTo(c, owner.email, 'usage_threshold_80');
      expect(eighty!.subject).toContain('80%');
    } finally {
      await c.app.jobs.stop();
      c.app.jobs = null;
    }
  });

  it('a staff message queues its e-mail jobs with the notifications; recipients who turned product messages off get none', async () => {
    const c = ctx();
    const { db } = c.database;
    const support = await createAdmin(c, 'support');
    const wants = await createSignedInUser(c);
    const refuses = await createSignedInUser(c);
    await c.app.inject({ method: 'PATCH', url: preferences, headers: { cookie: refuses.cookie }, payload: { product_messages: false } });
    c.app.jobs = await startJobQueue(c.database, c.app.log);
    try {
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/admin/notifications',
        headers: { cookie: support.cookie },
        payload: { recipients: 'selected', userIds: [wants.userId, refuses.userId], title: 'Maintenance tonight', message: 'We upgrade at 22:00 UTC.' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const jobs = await queued<StaffMessageEmailJob>(c, STAFF_MESSAGE_EMAIL_JOB);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.notificationIds).toHaveLength(2);
      const deps = { db, mailer: createMailer(c.config, db, c.app.log), publicUrl: c.config.publicUrl };
      expect(await sendStaffMessageEmails(deps, jobs[0]!)).toBe(1);
      expect(await sendStaffMessageEmails(deps, jobs[0]!)).toBe(0);
      const [sent] = await outboxTo(c, wants.email, 'staff_message');
      expect(sent).toMatchObject({ subject: 'Maintenance tonight' });
      expect(sent!.textBody).toContain('We upgrade at 22:00 UTC.');
      expect((await outboxTo(c, wants.email, 'staff_message')).length).toBe(1);
      expect(await outboxTo(c, refuses.email, 'staff_message')).toEqual([]);
    } finally {
      await c.app.jobs.stop();
      c.app.jobs = null;
    }
  });
});
