import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tokenPackages } from './catalogue';
import { organizations } from './organizations';

/**
 * Commerce (spec part 2 §3, issue #7). Parley's own record of billing: what the payment provider (Stripe or the
 * built-in sandbox) told it through webhooks. The provider is the source of truth for money; these tables are the
 * mirror every screen reads. The sandbox keeps its own provider-side state in the sandbox_* tables below.
 */

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export const BILLING_EVENT_STATUSES = ['received', 'processed', 'failed'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'trialing', 'incomplete'] as const;
export const BILLING_INTERVALS = ['month', 'year'] as const;
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'failed', 'void'] as const;
export const TOKEN_PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export const STRIPE_ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

const provider = () => text('provider', { enum: PAYMENT_PROVIDERS }).notNull();

/**
 * Every webhook event received, once per (provider, provider_event_id): the unique index is what makes a
 * redelivery a no-op. data holds the event's object plus `error` and `processing_time_ms` (spec §3).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: provider(),
    providerEventId: text('provider_event_id').notNull(),
    eventType: text('event_type').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: BILLING_EVENT_STATUSES }).notNull().default('received'),
    error: text('error'),
    processingTimeMs: integer('processing_time_ms'),
    /** A Webhook Tester event (billing/webhook.ts isTestEvent): listed, but left out of the health figures. */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_events_provider_event_unique').on(t.provider, t.providerEventId),
    index('billing_events_created_idx').on(t.createdAt),
    index('billing_events_type_created_idx').on(t.eventType, t.createdAt),
    index('billing_events_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** An organization as a customer of the provider (spec §3 `subscribers`): one row per organization. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    tier: text('tier').notNull().default('free'),
    provider: provider(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscribers_organization_unique').on(t.organizationId),
    uniqueIndex('subscribers_customer_unique').on(t.provider, t.stripeCustomerId),
    index('subscribers_updated_idx').on(t.updatedAt),
  ],
);

/** A subscription as the provider reports it; an organization's current one is its newest row. */
export const organizationSubscriptions = pgTable(
  'organization_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: provider(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    tier: text('tier').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull().default('month'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** Price per interval, for MRR. */
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** Failed renewal attempts since the last payment. */
    failedPaymentCount: integer('failed_payment_count').notNull().default(0),
    /** The provider's `created` time of the last subscription event applied: an older event arriving late is skipped. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organization_subscriptions_provider_unique').on(t.provider, t.providerSubscriptionId),
    index('organization_subscriptions_organization_idx').on(t.organizationId, t.createdAt),
    index('organization_subscriptions_status_idx').on(t.status),
  ],
);

/** Invoices as the provider reports them. `failed` is Stripe's `uncollectible` (or an open invoice whose payment failed). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: provider(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    number: text('number'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    /** The tax in amount_cents: revenue figures count amount_cents - tax_cents. */
    taxCents: integer('tax_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    invoicePdf: text('invoice_pdf'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_provider_invoice_unique').on(t.provider, t.providerInvoiceId),
    index('invoices_organization_idx').on(t.organizationId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.createdAt),
  ],
);

/** A token package bought through checkout; credited once (token_credits reference `purchase:<checkout id>`). */
export const tokenPurchases = pgTable(
  'token_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').references(() => tokenPackages.id, { onDelete: 'set null' }),
    packageName: text('package_name').notNull(),
    tokens: integer('tokens').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: provider(),
    providerCheckoutId: text('provider_checkout_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: TOKEN_PURCHASE_STATUSES }).notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('token_purchases_checkout_unique').on(t.provider, t.providerCheckoutId),
    index('token_purchases_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Billing alerts (spec §3 `stripe_alerts`, §4): unresolved while resolved_at is empty. */
export const stripeAlerts = pgTable(
  'stripe_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    severity: text('severity', { enum: STRIPE_ALERT_SEVERITIES }).notNull(),
    /** What raised it (payment_failures, webhook_failures, health_score…), so an open alert is not raised twice. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNotes: text('resolution_notes'),
  },
  (t) => [index('stripe_alerts_open_idx').on(t.resolvedAt, t.triggeredAt), index('stripe_alerts_kind_idx').on(t.kind, t.resolvedAt)],
);

/**
 * Billing settings (one row, id 1; spec §9's values seeded by migration 0009). The Stripe secrets are sealed
 * (lib/secrets.ts, purpose 'billing-secrets'); env STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET are used when these are empty.
 * The sandbox's webhook signing secret is generated on first use and sealed the same way.
 */
export const billingSettings = pgTable('billing_settings', {
  id: integer('id').primaryKey().default(1),
  testMode: boolean('test_mode').notNull().default(true),
  currency: text('currency').notNull().default('usd'),
  taxEnabled: boolean('tax_enabled').notNull().default(false),
  /** 850 = 8.5 %. */
  taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(850),
  invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
  nextInvoiceNumber: integer('next_invoice_number').notNull().default(1000),
  invoiceDueDays: integer('invoice_due_days').notNull().default(30),
  autoSendInvoices: boolean('auto_send_invoices').notNull().default(true),
  paymentRetries: integer('payment_retries').notNull().default(3),
  retryIntervalDays: integer('retry_interval_days').notNull().default(3),
  suspendAfterFailures: boolean('suspend_after_failures').notNull().default(true),
  trialDays: integer('trial_days').notNull().default(14),
  trialRequiresPaymentMethod: boolean('trial_requires_payment_method').notNull().default(false),
  notifyPaymentFailed: boolean('notify_payment_failed').notNull().default(true),
  notifyNewSubscription: boolean('notify_new_subscription').notNull().default(true),
  notifyCancellation: boolean('notify_cancellation').notNull().default(true),
  /** Seconds a webhook signature's timestamp may differ from now (Stripe's default 300). */
  webhookToleranceSeconds: integer('webhook_tolerance_seconds').notNull().default(300),
  stripeSecretKeyEncrypted: text('stripe_secret_key_encrypted'),
  stripeSecretKeyHint: text('stripe_secret_key_hint'),
  stripeWebhookSecretEncrypted: text('stripe_webhook_secret_encrypted'),
  stripeWebhookSecretHint: text('stripe_webhook_secret_hint'),
  sandboxWebhookSecretEncrypted: text('sandbox_webhook_secret_encrypted'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- The sandbox provider's own state (what Stripe would hold on its side) ---------- */

/** The sandbox's clock: now + offset_seconds. Tests and the admin side advance it to make renewals due. */
export const sandboxClock = pgTable('sandbox_clock', {
  id: integer('id').primaryKey().default(1),
  offsetSeconds: integer('offset_seconds').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sandbox customer and its saved test card; fail_renewals makes the next renewal charges decline. */
export const sandboxCustomers = pgTable(
  'sandbox_customers',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    cardLast4: text('card_last4'),
    failRenewals: boolean('fail_renewals').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_customers_organization_unique').on(t.organizationId)],
);

export const SANDBOX_CHECKOUT_STATUSES = ['open', 'requires_action', 'complete', 'expired'] as const;

/** A hosted checkout session of the sandbox (/checkout/sandbox/:id). */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    mode: text('mode', { enum: ['subscription', 'payment'] }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    tier: text('tier'),
    interval: text('interval', { enum: BILLING_INTERVALS }),
    tokenPackageId: uuid('token_package_id'),
    tokens: integer('tokens'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: SANDBOX_CHECKOUT_STATUSES }).notNull().default('open'),
    declineMessage: text('decline_message'),
    cardLast4: text('card_last4'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_checkout_sessions_organization_idx').on(t.organizationId, t.createdAt)],
);

/** A sandbox subscription: renews when the sandbox clock passes current_period_end. */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_subscriptions_period_end_idx').on(t.status, t.currentPeriodEnd)],
);

/** A sandbox invoice (renewals and first payments); the PDF is rendered from it. */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    description: text('description').notNull(),
    customerEmail: text('customer_email').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['open', 'paid', 'uncollectible', 'void'] })
      .notNull()
      .default('open'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sandbox_invoices_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'open'`),
    index('sandbox_invoices_organization_idx').on(t.organizationId),
  ],
);

/** Events the sandbox emitted (like Stripe's event list); delivered_at is set once the webhook handler accepted it. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_events_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
