import { extractLinks, type EmailOutboxQuery, type OutboxEmail, type OutboxEmailDetail } from '@parley/shared/contracts/email-outbox';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like';
import type { EmailSender } from '../../providers/email/mailer';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

/** The columns of the list: never the content (the text, with its links, is read one message at a time). */
const summaryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  resentAt: emailOutbox.resentAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof emailOutbox.$inferSelect)[K] };

function toOutboxEmail(row: SummaryRow): OutboxEmail {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    resentAt: row.resentAt?.toISOString() ?? null,
  };
}

/** Newest first, a page at a time; search on the recipient's address or the subject (partial, any case). */
export async function listOutbox(db: Db, query: EmailOutboxQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(emailOutbox.toAddress, pattern), ilike(emailOutbox.subject, pattern))!);
  }
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { items: rows.map(toOutboxEmail), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * One message with its text and links. Its links can confirm an address or reset a password, so each reading is an
 * activity entry (`email_viewed`), as reading a user's details is (`user_viewed`).
 */
export async function getOutboxEmail(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<OutboxEmailDetail> {
  const [row] = await db
    .select({ ...summaryColumns, textBody: emailOutbox.textBody, attachments: emailOutbox.attachments })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, input.id));
  if (!row) throw new AppError('NOT_FOUND', 'E-mail not found.');
  await logAdminActivity(
    db,
    { action: 'email_viewed', resourceType: 'email', resourceId: row.id, adminUserId: input.actorId, details: { kind: row.kind, to: row.toAddress } },
    context,
  );
  const { textBody, attachments, ...summary } = row;
  return {
    ...toOutboxEmail(summary),
    textBody,
    links: extractLinks(textBody),
    attachments: attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  };
}

/** Resend: the same message queued again (or kept in the outbox and the log again, without SMTP), and logged. */
export async function resendOutboxEmail(
  deps: { db: Db; mailer: EmailSender },
  input: { id: string; actorId: string },
  context: RequestContext,
): Promise<OutboxEmail> {
  const outcome = await deps.mailer.resend(input.id);
  if (outcome === 'missing') throw new AppError('NOT_FOUND', 'E-mail not found.');
  if (outcome === 'waiting')
    throw new AppError('CONFLICT', 'This e-mail is still waiting to be sent; the e-mail job keeps trying it. Resend it once it is sent or has failed.');
  const [row] = await deps.db.select(summaryColumns).from(emailOutbox).where(eq(emailOutbox.id, input.id));
  if (!row) throw new AppError('NOT_FOUND', 'E-mail not found.');
  await logAdminActivity(
    deps.db,
    {
      action: 'email_resent',
      resourceType: 'email',
      resourceId: row.id,
      adminUserId: input.actorId,
      details: { kind: row.kind, to: row.toAddress, outcome },
    },
    context,
  );
  return toOutboxEmail(row);
}
