import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Every e-mail Parley sends: with SMTP configured it is pending until the e-mail job sends it; otherwise kept here and logged. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the message (a scheduled report's CSV); content is base64. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a system admin last sent it again from the outbox screen (null: never). */
    resentAt: timestamp('resent_at', { withTimezone: true }),
    /**
     * Set by a sender that must e-mail someone once (a usage threshold, a staff message): a second message with the
     * same key is not stored or sent, so a retried job does not e-mail twice.
     */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('email_outbox_to_idx').on(t.toAddress, t.createdAt),
    // The outbox screen lists the newest first, a page at a time.
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    // The messages not sent (yet), for System Health: few, however long the outbox grows.
    index('email_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'failed')`),
  ],
);
