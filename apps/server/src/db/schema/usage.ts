import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatbots } from './chatbots';
import { messages } from './conversations';
import { knowledgeSources } from './knowledge-sources';
import { organizations } from './organizations';

/** Every metered token, per organization and month (spec part 2 §9 conversion). */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The document whose processing this row meters (token type embedding). */
    sourceId: uuid('source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    tokenType: text('token_type', { enum: ['input', 'output', 'embedding'] }).notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_ledger_org_month_idx').on(t.organizationId, t.createdAt), index('usage_ledger_source_idx').on(t.sourceId)],
);

/**
 * This month's (and every past month's) metered tokens per organization: the sum of its usage_ledger rows, kept by a
 * trigger (migration 0024). The metering transaction reads it under the row's lock, so the use past the monthly
 * allowance is taken from the token balance exactly, however many answers are metered at once.
 */
export const organizationUsageMonths = pgTable(
  'organization_usage_months',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** YYYY-MM, UTC. */
    period: text('period').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'organization_usage_months_pk', columns: [t.organizationId, t.period] })],
);
