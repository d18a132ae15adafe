import { eq, sql } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailOutbox, type EmailAttachment } from '../../db/schema/index';
import { lazyRequire } from '../../lib/lazy-require';

export interface EmailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report's CSV), kept in the outbox with it. */
  attachments?: EmailAttachment[];
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps the message in email_outbox and the server log. */
  readonly transport: 'smtp' | 'outbox';
  /** Never throws for a transport failure: the row is marked failed and the log says why. */
  send(message: EmailMessage): Promise<{ id: string; status: 'sent' | 'failed' | 'logged' }>;
}

/**
 * Every message is written to email_outbox first, so nothing is lost and staff can
 * see what was sent; with SMTP configured it is then sent and marked sent or failed.
 */
const loadNodemailer = lazyRequire<typeof nodemailer>('nodemailer');

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const smtp = config.smtp;
  const transporter = smtp
    ? loadNodemailer().createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;

  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          attachments: message.attachments ?? [],
          status: transporter ? 'pending' : 'logged',
        })
        .returning({ id: emailOutbox.id });
      if (!transporter) {
        log.info(
          {
            emailId: row?.id,
            to: message.to,
            kind: message.kind,
            subject: message.subject,
            body: message.text,
            attachments: message.attachments?.map((a) => a.filename),
          },
          'e-mail kept in the outbox (no SMTP configured)',
        );
        return { id: row!.id, status: 'logged' };
      }
      try {
        await transporter.sendMail({
          from: config.smtpFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })),
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
          .where(eq(emailOutbox.id, row!.id));
        return { id: row!.id, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(emailOutbox)
          .set({ status: 'failed', lastError: reason.slice(0, 1000), attempts: sql`${emailOutbox.attempts} + 1` })
          .where(eq(emailOutbox.id, row!.id));
        log.error({ emailId: row?.id, err: error }, 'sending e-mail failed');
        return { id: row!.id, status: 'failed' };
      }
    },
  };
}
