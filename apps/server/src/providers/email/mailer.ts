import { and, eq, ne, sql } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailOutbox, type EmailAttachment } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { lazyRequire } from '../../lib/lazy-require';

export interface EmailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report's CSV), kept in the outbox with it. */
  attachments?: EmailAttachment[];
  /** Makes the message once-only: a later message with the same key is neither stored nor sent ('duplicate'). */
  dedupeKey?: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps the message in email_outbox and the server log. */
  readonly transport: 'smtp' | 'outbox';
  /**
   * Never throws for a transport failure. With SMTP and a job queue the message is queued ('pending') and the e-mail
   * job sends it, retrying with backoff; without a queue it is sent at once and marked sent or failed.
   */
  send(message: EmailMessage): Promise<{ id: string; status: 'pending' | 'sent' | 'failed' | 'logged' | 'duplicate' }>;
}

/** The mailer of a process, which also sends the messages its e-mail job hands it. */
export interface EmailSender extends Mailer {
  /**
   * Sends one queued message: 'sent', or 'skipped' when it is no longer pending (sent by an earlier attempt). A
   * transport failure is recorded on the row and thrown, so the job is retried; on the last attempt the row is failed.
   */
  deliver(emailId: string, attempt: { isLastAttempt: boolean }): Promise<'sent' | 'skipped'>;
  /**
   * Sends a stored message again, as it is (the outbox screen's Resend): queued for the e-mail job ('pending'), sent
   * at once without a queue, or kept in the outbox and the log again without SMTP. 'missing' when there is no such
   * message; 'waiting' when it is still waiting to be sent (it is not queued twice).
   */
  resend(emailId: string): Promise<'pending' | 'sent' | 'failed' | 'logged' | 'missing' | 'waiting'>;
}

export const EMAIL_JOB = 'email-send';

/**
 * How long a message is retried while the relay is away (decisions/0004-email-delivery.md): pg-boss waits between delay × 2^n and twice
 * that before retry n + 1, so eight retries from 30 s span at least two hours (7,650 s) and at most twice that.
 */
export const EMAIL_RETRY: Required<Pick<PgBoss.RetryOptions, 'retryLimit' | 'retryDelay'>> = { retryLimit: 8, retryDelay: 30 };

export interface MailerOptions {
  /** The job queue of this process, read when a message is sent (it starts after the mailer is made). */
  queue?: () => JobQueue | null;
  /** Overrides EMAIL_RETRY (tests). */
  retry?: typeof EMAIL_RETRY;
}

/** The options of one stored message's e-mail job: retried with backoff while the relay refuses it. */
const emailJobOptions = (emailId: string, retry: typeof EMAIL_RETRY): PgBoss.SendOptions => ({ singletonKey: emailId, retryBackoff: true, ...retry });

const loadNodemailer = lazyRequire<typeof nodemailer>('nodemailer');

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Every message is written to email_outbox first, so nothing is lost and staff can see what was sent; with SMTP
 * configured it is then sent (by the e-mail job when this process has a queue) and marked sent or failed.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger, options: MailerOptions = {}): EmailSender {
  const smtp = config.smtp;
  const retry = options.retry ?? EMAIL_RETRY;
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

  /** Sends a stored message by SMTP; counts the attempt and records the outcome (failed only when told it is final). */
  async function sendStored(id: string, message: EmailMessage, final: boolean): Promise<void> {
    try {
      await transporter!.sendMail({
        from: config.smtpFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })),
      });
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ lastError: errorText(error), attempts: sql`${emailOutbox.attempts} + 1`, ...(final ? { status: 'failed' as const } : {}) })
        .where(eq(emailOutbox.id, id));
      log[final ? 'error' : 'warn']({ emailId: id, err: error, final }, final ? 'sending e-mail failed' : 'sending e-mail failed; it will be retried');
      throw error;
    }
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, id));
  }

  const keepInOutbox = (id: string, message: EmailMessage) =>
    log.info(
      {
        emailId: id,
        to: message.to,
        kind: message.kind,
        subject: message.subject,
        body: message.text,
        attachments: message.attachments?.map((a) => a.filename),
      },
      'e-mail kept in the outbox (no SMTP configured)',
    );

  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(message) {
      /** Writes the message to the outbox, as pending when SMTP will send it; null when its dedupe key was used. */
      const store = async (into: Db): Promise<string | null> => {
        const [row] = await into
          .insert(emailOutbox)
          .values({
            kind: message.kind,
            toAddress: message.to,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html ?? null,
            attachments: message.attachments ?? [],
            status: transporter ? 'pending' : 'logged',
            dedupeKey: message.dedupeKey ?? null,
          })
          .onConflictDoNothing({ target: emailOutbox.dedupeKey })
          .returning({ id: emailOutbox.id });
        return row?.id ?? null;
      };
      const duplicate = async () => {
        const [row] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, message.dedupeKey!));
        return { id: row?.id ?? '', status: 'duplicate' as const };
      };
      const queue = transporter ? options.queue?.() : null;
      if (queue) {
        // The message and its job are stored together (decisions/0026-background-jobs.md): neither is left without the other.
        const id = await queue.transaction(db, [EMAIL_JOB], async (tx, sendJob) => {
          const stored = await store(tx);
          if (stored) await sendJob(EMAIL_JOB, { emailId: stored }, emailJobOptions(stored, retry));
          return stored;
        });
        return id ? { id, status: 'pending' } : duplicate();
      }
      const id = await store(db);
      if (!id) return duplicate();
      if (!transporter) {
        keepInOutbox(id, message);
        return { id, status: 'logged' };
      }
      try {
        await sendStored(id, message, true);
        return { id, status: 'sent' };
      } catch {
        return { id, status: 'failed' };
      }
    },
    async deliver(emailId, { isLastAttempt }) {
      const [row] = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, 'pending')));
      if (!row) return 'skipped';
      const message: EmailMessage = {
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments,
      };
      if (!transporter) {
        // SMTP was configured when the message was queued and is not any more: it stays in the outbox and the log.
        await db.update(emailOutbox).set({ status: 'logged' }).where(eq(emailOutbox.id, emailId));
        keepInOutbox(emailId, message);
        return 'skipped';
      }
      await sendStored(emailId, message, isLastAttempt);
      return 'sent';
    },
    async resend(emailId) {
      /** Marks the message to be sent again, unless it is still waiting: one update, so two clicks queue it once. */
      const reopen = async (into: Db) => {
        const [row] = await into
          .update(emailOutbox)
          .set({ status: transporter ? 'pending' : 'logged', resentAt: new Date(), lastError: null, ...(transporter ? { sentAt: null } : {}) })
          .where(and(eq(emailOutbox.id, emailId), ne(emailOutbox.status, 'pending')))
          .returning();
        return row ?? null;
      };
      const queue = transporter ? options.queue?.() : null;
      const row = queue
        ? await queue.transaction(db, [EMAIL_JOB], async (tx, sendJob) => {
            const reopened = await reopen(tx);
            if (reopened) await sendJob(EMAIL_JOB, { emailId }, emailJobOptions(emailId, retry));
            return reopened;
          })
        : await reopen(db);
      if (!row) {
        const [existing] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, emailId));
        return existing ? 'waiting' : 'missing';
      }
      if (queue) return 'pending';
      const message: EmailMessage = {
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments,
      };
      if (!transporter) {
        keepInOutbox(emailId, message);
        return 'logged';
      }
      try {
        await sendStored(emailId, message, true);
        return 'sent';
      } catch {
        return 'failed';
      }
    },
  };
}

/** Sends queued e-mail on a node that runs background work, a few messages at a time. */
export async function startEmailWorker(jobs: JobQueue, mailer: EmailSender, log: FastifyBaseLogger): Promise<void> {
  await jobs.work<{ emailId: string }>(EMAIL_JOB, { concurrency: 2, pollingIntervalSeconds: 1 }, async (job) => {
    const outcome = await mailer.deliver(job.data.emailId, { isLastAttempt: job.isLastAttempt });
    if (outcome === 'sent') log.info({ emailId: job.data.emailId, retryCount: job.retryCount }, 'e-mail sent');
  });
}

/**
 * Queues again every message still waiting to be sent: after an installation moved to another database its queued
 * jobs stay behind. Returns how many were queued.
 */
export async function requeuePendingEmails(db: Db, queue: JobQueue, retry: typeof EMAIL_RETRY = EMAIL_RETRY): Promise<number> {
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
  for (const row of rows) await queue.send(EMAIL_JOB, { emailId: row.id }, emailJobOptions(row.id, retry));
  return rows.length;
}
