import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * AI provider keys the operator configures (spec part 2 "API Keys Management (system keys)"):
 * encrypted at rest (AES-256-GCM with PARLEY_SECRET_KEY), never returned whole. A `free` key has
 * a daily usage limit that is counted and enforced; `system` keys are unlimited.
 */
export const systemApiKeys = pgTable(
  'system_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceName: text('service_name', { enum: ['openai', 'anthropic', 'google', 'mistral'] }).notNull(),
    keyName: text('key_name').notNull(),
    /** iv.tag.ciphertext, base64url (lib/secrets). */
    encryptedValue: text('encrypted_value').notNull(),
    /** The last 4 characters, for display. */
    last4: text('last4').notNull(),
    tier: text('tier', { enum: ['system', 'free'] })
      .notNull()
      .default('system'),
    scope: text('scope').notNull().default('all'),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    usageCountToday: integer('usage_count_today').notNull().default(0),
    /** Free tier only; null = unlimited (system keys). */
    usageLimitPerDay: integer('usage_limit_per_day'),
    lastUsedDate: date('last_used_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('system_api_keys_name_unique').on(t.keyName)],
);
