import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { conversations } from './conversations';
import { organizations } from './organizations';

export const HANDOFF_STATUSES = ['waiting', 'active', 'closed'] as const;
export const HANDOFF_REASONS = ['visitor_request', 'phrase', 'no_answer'] as const;
export const HANDOFF_CLOSE_OUTCOMES = ['bot', 'ended'] as const;

/**
 * A visitor asked for a person: the conversation waits for an agent (waiting), an agent
 * answers (active), and it is closed back to the bot or ended. At most one open per conversation.
 */
export const handoffs = pgTable(
  'handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: HANDOFF_STATUSES }).notNull().default('waiting'),
    reason: text('reason', { enum: HANDOFF_REASONS }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeOutcome: text('close_outcome', { enum: HANDOFF_CLOSE_OUTCOMES }),
    /** Visitor messages the organization's agents have not read yet. */
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    /** When the owners were e-mailed about a long wait (once per handoff). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('handoffs_one_open_per_conversation')
      .on(t.conversationId)
      .where(sql`${t.status} <> 'closed'`),
    index('handoffs_org_status_idx').on(t.organizationId, t.status, t.lastMessageAt),
    index('handoffs_org_requested_idx').on(t.organizationId, t.requestedAt),
  ],
);

/**
 * Once-per-period notices to an organization (the handoff limit reached this month, say):
 * the primary key makes a second notice for the same period a no-op, across nodes.
 */
export const organizationAlerts = pgTable(
  'organization_alerts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.period] })],
);
