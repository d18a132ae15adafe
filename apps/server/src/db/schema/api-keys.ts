import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { organizations } from './organizations';

/** Customers' keys for the OpenAI-compatible API: stored only as a SHA-256 hash, shown once. */
export const customerApiKeys = pgTable(
  'customer_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** null: every chatbot of the organization. */
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'cascade' }),
    createdByAdmin: boolean('created_by_admin').notNull().default(false),
    adminOnly: boolean('admin_only').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_api_keys_hash_unique').on(t.keyHash), index('customer_api_keys_org_idx').on(t.organizationId, t.createdAt)],
);
