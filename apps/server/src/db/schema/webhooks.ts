import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

export const WEBHOOK_DELIVERY_STATUS_VALUES = ['pending', 'failed', 'succeeded', 'dead'] as const;

/**
 * Outbound webhook configurations (spec part 2 "Webhook Configurations"). An organization's (its admins manage
 * them) or, with organization_id null, the installation's (staff, System Configuration → Webhook Management),
 * which receive the events of every organization. The signing secret is sealed (lib/secrets.ts).
 */
export const webhookConfigs = pgTable(
  'webhook_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The last four characters, for whsec_…abcd. */
    secretHint: text('secret_hint').notNull(),
    /** After a rotation: the previous secret signs too, until previous_secret_expires_at. */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    retryCount: integer('retry_count').notNull().default(3),
    timeoutSeconds: integer('timeout_seconds').notNull().default(30),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The first failed attempt since the last success (null while it answers): days of failure turn it off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Why the server turned it off (410 Gone, failing for days). */
    disabledReason: text('disabled_reason'),
    /** The per-minute rate limit's current window, shared by every node. */
    rateWindowStartedAt: timestamp('rate_window_started_at', { withTimezone: true }),
    rateWindowCount: integer('rate_window_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_configs_organization_idx').on(t.organizationId, t.isActive)],
);

/**
 * The outbox: one row per event that at least one active configuration listens to, written in the same
 * transaction as the change that caused it. id is the webhook-id header; payload is the exact body signed and sent.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event for one configuration. id orders an endpoint's deliveries (sent in that order); status pending (not
 * tried yet), failed (a retry is due at next_attempt_at), succeeded, dead (no more attempts). locked_until is the
 * lease of the node sending it: a node that dies mid-attempt leaves it to be claimed again after the lease.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    configId: uuid('config_id')
      .notNull()
      .references(() => webhookConfigs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUS_VALUES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_config_idx').on(t.configId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'failed')`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/**
 * Every finished attempt of a delivery, oldest first: when it was made, how the endpoint answered (status, latency,
 * the start of the body) or why it could not be sent. The delivery row keeps the last one's too, for the list.
 * An attempt cut short (its node stopped) or postponed by the endpoint's rate limit has no row.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
