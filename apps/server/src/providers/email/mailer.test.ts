import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createMailer, requeuePendingEmails, startEmailWorker } from './mailer';
import { openDatabase, type Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { startJobQueue, type JobQueue } from '../../jobs/queue';
import { createAdmin } from '../../test/admin';
import { pgliteTemplates, signUp, testConfig, uniqueEmail } from '../../test/harness';
import { startSmtpRelay, type SmtpRelay } from '../../test/smtp-relay';
import type { FastifyInstance } from 'fastify';

/** A real SMTP server on loopback (test/smtp-relay.ts) stands in for the operator's mail relay. */
describe('e-mail through SMTP', () => {
  let relay: SmtpRelay;
  let port: number;
  let received: SmtpRelay['received'];
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    relay = await startSmtpRelay();
    ({ port, received } = relay);
    database = await openDatabase(pgliteTemplates());
    app = await buildApp(testConfig(relay.env), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await relay.close();
  });

  it('sends the confirmation e-mail by SMTP and marks it sent in the outbox', async () => {
    const email = uniqueEmail('smtp');
    expect((await signUp(app, email)).statusCode).toBe(200);
    await expect.poll(() => received.find((m) => m.to.includes(email)), { timeout: 10_000 }).toBeTruthy();
    const message = received.find((m) => m.to.includes(email))!;
    expect(message.body).toContain('Confirm your e-mail address');
    await expect
      .poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('sends attachments by SMTP and keeps them in the outbox', async () => {
    const mailer = createMailer(testConfig(relay.env), database.db, app.log);
    const to = uniqueEmail('attachment');
    const csv = 'date,questions\r\n2026-11-22,3\r\n';
    const attachment = { filename: 'report.csv', contentType: 'text/csv; charset=utf-8', contentBase64: Buffer.from(csv).toString('base64') };
    expect(await mailer.send({ kind: 'analytics_report', to, subject: 'Your report', text: 'Attached.', attachments: [attachment] })).toMatchObject({
      status: 'sent',
    });
    const message = received.find((m) => m.to.includes(to))!;
    expect(message.body).toMatch(/Content-Disposition: attachment;\s+filename=report\.csv/);
    expect(message.body).toContain(attachment.contentBase64);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row).toMatchObject({ status: 'sent', attachments: [attachment] });
  });

  it('a relay that is down marks the message failed and sign-up still succeeds', async () => {
    const downDb = await openDatabase(pgliteTemplates());
    const downApp = await buildApp(testConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' }), { database: downDb, logger: false });
    const email = uniqueEmail('smtp-down');
    expect((await signUp(downApp, email)).statusCode).toBe(200);
    await expect
      .poll(async () => (await downDb.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]?.status, { timeout: 15_000 })
      .toBe('failed');
    await downApp.close();
    await downDb.close();
  });
  describe('through the e-mail job', () => {
    let jobs: JobQueue;
    let queueDb: Database;
    const config = () => testConfig(relay.env);

    beforeAll(async () => {
      queueDb = await openDatabase(pgliteTemplates());
      jobs = await startJobQueue(queueDb, app.log);
    });
    afterAll(async () => {
      await jobs.stop();
      await queueDb.close();
    });
    const statusOf = async (to: string) => (await queueDb.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0];

    it('queues the message and returns at once; a relay that refuses it is tried again until it takes it, once', async () => {
      const to = uniqueEmail('queued');
      let refusals = 2;
      relay.answer = (recipient) => (recipient === to && refusals-- > 0 ? 'refuse' : 'accept');
      const mailer = createMailer(config(), queueDb.db, app.log, { queue: () => jobs, retry: { retryLimit: 4, retryDelay: 1 } });
      expect(await mailer.send({ kind: 'test', to, subject: 'Queued', text: 'Sent by the job.' })).toMatchObject({ status: 'pending' });
      expect(received.some((m) => m.to.includes(to))).toBe(false);
      await startEmailWorker(jobs, mailer, app.log);
      await expect.poll(async () => (await statusOf(to))?.status, { timeout: 30_000, interval: 200 }).toBe('sent');
      expect(await statusOf(to)).toMatchObject({ attempts: 3, lastError: expect.stringContaining('Mailbox busy') });
      expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
      // A job for a message already sent (a retry after a crash, a move) sends nothing.
      expect(await mailer.deliver((await statusOf(to))!.id, { isLastAttempt: false })).toBe('skipped');
    });

    it('marks the message failed when the last attempt is refused, and System Health says so with the error', async () => {
      const to = uniqueEmail('refused');
      relay.answer = (recipient) => (recipient === to ? 'refuse' : 'accept');
      const mailer = createMailer(config(), queueDb.db, app.log, { queue: () => jobs, retry: { retryLimit: 1, retryDelay: 1 } });
      await mailer.send({ kind: 'test', to, subject: 'Refused', text: 'Never taken.' });
      await startEmailWorker(jobs, mailer, app.log);
      await expect.poll(async () => (await statusOf(to))?.status, { timeout: 30_000, interval: 200 }).toBe('failed');
      expect(await statusOf(to)).toMatchObject({ attempts: 2, sentAt: null });
      expect(received.some((m) => m.to.includes(to))).toBe(false);

      const healthApp = await buildApp(config(), { database: queueDb, logger: false });
      try {
        const admin = await createAdmin({ app: healthApp, database: queueDb, config: healthApp.config }, 'developer');
        const read = async () =>
          (await healthApp.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin.cookie } }))
            .json()
            .items.find((item: { name: string }) => item.name === 'E-mail');
        expect(await read()).toEqual({
          name: 'E-mail',
          status: 'warning',
          detail: expect.stringMatching(new RegExp(`^SMTP relay 127\\.0\\.0\\.1:${port}: 1 not sent in the last 24 hours \\(last error: .*Mailbox busy`)),
        });
        // A message queued a quarter of an hour ago and still waiting counts too.
        await queueDb.db.insert(emailOutbox).values({
          kind: 'test',
          toAddress: uniqueEmail('late'),
          subject: 'Late',
          textBody: '.',
          status: 'pending',
          createdAt: new Date(Date.now() - 15 * 60_000),
        });
        expect((await read()).detail).toMatch(/: 1 e-mail waiting over 10 minutes, 1 not sent in the last 24 hours/);
        await queueDb.db.delete(emailOutbox);
        expect(await read()).toEqual({ name: 'E-mail', status: 'healthy', detail: `SMTP relay 127.0.0.1:${port}` });
      } finally {
        await healthApp.close();
      }
    });

    it('queues again the messages still waiting (after a move to another database)', async () => {
      const mailer = createMailer(config(), queueDb.db, app.log);
      const to = uniqueEmail('waiting');
      await queueDb.db.insert(emailOutbox).values({ kind: 'test', toAddress: to, subject: 'Waiting', textBody: 'Left behind.', status: 'pending' });
      expect(await requeuePendingEmails(queueDb.db, jobs, { retryLimit: 1, retryDelay: 1 })).toBe(1);
      await startEmailWorker(jobs, mailer, app.log);
      await expect.poll(async () => (await statusOf(to))?.status, { timeout: 30_000, interval: 200 }).toBe('sent');
      expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('resend queues the same message again and the job sends it a second time; a message still waiting is not queued twice', async () => {
      const to = uniqueEmail('resent');
      relay.answer = () => 'accept';
      const mailer = createMailer(config(), queueDb.db, app.log, { queue: () => jobs, retry: { retryLimit: 1, retryDelay: 1 } });
      const { id } = await mailer.send({ kind: 'test', to, subject: 'Twice', text: 'Confirm: https://parley.example/confirm?token=t' });
      expect(await mailer.resend(id)).toBe('waiting');
      await startEmailWorker(jobs, mailer, app.log);
      await expect.poll(async () => (await statusOf(to))?.status, { timeout: 30_000, interval: 200 }).toBe('sent');
      expect(await mailer.resend(id)).toBe('pending');
      expect(await statusOf(to)).toMatchObject({ status: 'pending', sentAt: null, resentAt: expect.any(Date) });
      await expect.poll(() => received.filter((m) => m.to.includes(to)).length, { timeout: 30_000, interval: 200 }).toBe(2);
      await expect.poll(async () => (await statusOf(to))?.status, { timeout: 10_000, interval: 200 }).toBe('sent');
      expect(received.filter((m) => m.to.includes(to)).every((m) => m.body.includes('https://parley.example/confirm?token=t'))).toBe(true);
      expect(await mailer.resend('00000000-0000-4000-8000-000000000000')).toBe('missing');
    });

    it('a server that runs background work sends its e-mail by the job', async () => {
      const database = await openDatabase(pgliteTemplates());
      const worker = await buildApp(config(), { database, logger: false, startBackgroundWork: true });
      try {
        const email = uniqueEmail('background');
        expect((await signUp(worker, email)).statusCode).toBe(200);
        await expect.poll(() => received.some((m) => m.to.includes(email)), { timeout: 30_000 }).toBe(true);
        await expect
          .poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]?.status, { timeout: 10_000 })
          .toBe('sent');
      } finally {
        await worker.close();
        await database.close();
      }
    });
  });
});
