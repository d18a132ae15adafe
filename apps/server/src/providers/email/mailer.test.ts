import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createMailer } from './mailer';
import { openDatabase, type Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { signUp, testConfig, uniqueEmail } from '../../test/harness';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/** A real SMTP server on loopback standing in for the operator's mail relay. */
describe('e-mail through SMTP', () => {
  const received: { to: string[]; body: string }[] = [];
  let smtp: SMTPServer;
  let port: number;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    database = await openDatabase({});
    app = await buildApp(testConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    const mailer = createMailer(testConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }), database.db, app.log);
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
    const downDb = await openDatabase({});
    const downApp = await buildApp(testConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' }), { database: downDb, logger: false });
    const email = uniqueEmail('smtp-down');
    expect((await signUp(downApp, email)).statusCode).toBe(200);
    await expect
      .poll(async () => (await downDb.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]?.status, { timeout: 15_000 })
      .toBe('failed');
    await downApp.close();
    await downDb.close();
  });
});
