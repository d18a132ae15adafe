import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';
import { NON_TWO_DECIMAL_CURRENCIES, TWO_DECIMAL_CURRENCY_MESSAGE } from '../constants';

/**
 * The admin side of commerce (spec part 2 §2 "Payment-provider Integration Testing" and the billing tabs of "Pricing
 * and Billing Administration", §3, §7, §8, §9). Money is integer cents; times are ISO strings.
 */

/** Spec §9 refresh intervals. */
export const BILLING_REFRESH_MS = {
  alerts: 30_000,
  paymentFailures: 30_000,
  subscriptionHealth: 60_000,
  webhookHealth: 60_000,
  /** Billing events in auto mode (Activity Logs). */
  activityAuto: 5_000,
} as const;

/** Spec §9 list sizes. */
export const BILLING_LIST_SIZE = { events: 50, subscribers: 20, invoices: 20, alerts: 50 } as const;

/** Spec §9 failed-payment windows. */
export const PAYMENT_FAILURE_WINDOWS = [
  { key: 'h1', label: '1 hour', hours: 1 },
  { key: 'h24', label: '24 hours', hours: 24 },
  { key: 'd7', label: '7 days', hours: 24 * 7 },
  { key: 'd30', label: '30 days', hours: 24 * 30 },
] as const;

export const ALERT_NOTES_MAX = 1000;

/** User-facing text; quoted strings are the spec's (§8). */
export const BILLING_ADMIN_MESSAGES = {
  alertResolved: 'Alert resolved successfully',
  resolveFailed: 'Failed to resolve alert',
  orgCreateFailed: 'Failed to create organization for test',
  mustBeLoggedIn: 'You must be logged in',
  noEvents: 'No events found',
  noSubscribers: 'No subscribers found',
  noInvoices: 'No invoices found',
  fetchTiersFailed: 'Error fetching tiers',
  syncFailed: 'Error syncing',
  tiersNotUpdated: (n: number) => `Failed to update ${n} tier(s)`,
  settingsSaved: 'Billing settings saved',
  settingsFailed: 'Failed to save billing settings',
  configurationSaved: 'Payment provider configuration saved',
  retryStarted: 'Payment retry requested',
  retryFailed: 'Failed to retry the invoice',
} as const;

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const ALERT_KINDS = ['payment_failures', 'webhook_failures', 'past_due_subscription'] as const;
export type BillingAlertKind = (typeof ALERT_KINDS)[number];

/** Spec §3 subscription statuses counted (a missing status counts as active). */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'trialing'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Spec §4 customer statuses and the Customers filter. */
export const CUSTOMER_STATUSES = ['active', 'past_due', 'cancelled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/* ------------------------------------------------------------------ Payment-provider Integration Testing */

export const billingSummarySchema = z.object({
  activeSubscriptions: z.number().int(),
  totalEvents: z.number().int(),
  failedPayments30d: z.number().int(),
  /** Percent of billing events processed without error, two decimals; 100 when there are none. */
  successRate: z.number(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const paymentFailuresSchema = z.object({
  h1: z.number().int(),
  h24: z.number().int(),
  d7: z.number().int(),
  d30: z.number().int(),
  /** Spec §9: more than 3 in the last hour. */
  alert: z.boolean(),
});
export type PaymentFailures = z.infer<typeof paymentFailuresSchema>;

export const subscriptionHealthSchema = z.object({
  total: z.number().int(),
  byStatus: z.object({
    active: z.number().int(),
    past_due: z.number().int(),
    unpaid: z.number().int(),
    canceled: z.number().int(),
    trialing: z.number().int(),
  }),
});
export type SubscriptionHealth = z.infer<typeof subscriptionHealthSchema>;

export const webhookHealthSchema = z.object({
  windowHours: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
  failureRate: z.number(),
  avgProcessingMs: z.number().nullable(),
  lastEventAt: z.string().nullable(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

export const billingHealthSchema = z.object({
  score: z.number().int(),
  status: z.enum(['Healthy', 'Degraded']),
  tone: z.enum(['good', 'warning', 'critical']),
  penalties: z.array(z.object({ key: z.enum(['payment_failures', 'troubled_subscriptions', 'webhook_failures']), points: z.number(), detail: z.string() })),
  paymentFailures: paymentFailuresSchema,
  subscriptions: subscriptionHealthSchema,
  webhooks: webhookHealthSchema,
});
export type BillingHealth = z.infer<typeof billingHealthSchema>;

export const billingAlertSchema = z.object({
  id: idSchema,
  kind: z.string(),
  subject: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  triggeredAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
});
export type BillingAlert = z.infer<typeof billingAlertSchema>;
export const billingAlertListSchema = z.object({ items: z.array(billingAlertSchema) });
export const resolveBillingAlertBodySchema = z.object({
  notes: z.string().trim().max(ALERT_NOTES_MAX, `Notes must be at most ${ALERT_NOTES_MAX} characters`).optional(),
});

export const billingEventItemSchema = z.object({
  id: idSchema,
  eventType: z.string(),
  stripeEventId: z.string().nullable(),
  userId: z.string().nullable(),
  organizationId: z.string().nullable(),
  data: z.unknown(),
  error: z.string().nullable(),
  processingTimeMs: z.number().nullable(),
  /** Sent by the Webhook Tester: shown, but no health figure counts it. */
  isTest: z.boolean(),
  createdAt: z.string(),
});
export type BillingEventItem = z.infer<typeof billingEventItemSchema>;
export const billingEventListSchema = z.object({ items: z.array(billingEventItemSchema) });

export const subscriberItemSchema = z.object({
  id: idSchema,
  email: z.string(),
  subscribed: z.boolean(),
  tier: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  updatedAt: z.string(),
});
export type SubscriberItem = z.infer<typeof subscriberItemSchema>;
export const subscriberListSchema = z.object({ items: z.array(subscriberItemSchema) });

/** Invoice statuses as Parley records them (`failed` is Stripe's uncollectible, or an open invoice whose payment failed). */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'failed', 'void'] as const;
export const invoiceItemSchema = z.object({
  id: idSchema,
  stripeInvoiceId: z.string(),
  number: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  stripeCustomerId: z.string().nullable(),
  organizationId: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string().nullable(),
  invoicePdf: z.string().nullable(),
  canRetry: z.boolean(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export const invoiceListSchema = z.object({ items: z.array(invoiceItemSchema) });

/** Webhook Tester: a signed test event of one of the handled types, through the real ingestion endpoint. */
export const webhookTestBodySchema = z.object({ eventType: z.string().min(1, 'Choose an event type') });
export const webhookTestResultSchema = z.object({
  success: z.boolean(),
  status: z.number().int(),
  statusText: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  response: z.unknown(),
  processed: billingEventItemSchema.nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** Payment Flows: the real test steps against the configured provider (spec §2, §4 pending/success/error). */
export const PAYMENT_FLOW_STEPS = ['checkout', 'token-checkout', 'customer-portal'] as const;
export type PaymentFlowStep = (typeof PAYMENT_FLOW_STEPS)[number];
export const paymentFlowParamsSchema = z.object({ step: z.enum(PAYMENT_FLOW_STEPS, { error: 'Unknown test step' }) });
export const paymentFlowBodySchema = z.object({
  /** checkout: the tier to buy (spec: basic, pro, enterprise — here any paid tier). */
  tier: z.string().trim().min(1).max(64).optional(),
  interval: z.enum(['month', 'year']).default('month'),
  /** token-checkout: the package (default: the first active one). */
  packageId: idSchema.optional(),
});
export const paymentFlowResultSchema = z.object({
  step: z.enum(PAYMENT_FLOW_STEPS),
  status: z.enum(['success', 'error']),
  message: z.string(),
  url: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationCreated: z.boolean(),
  provider: z.string(),
});
export type PaymentFlowResult = z.infer<typeof paymentFlowResultSchema>;

/** Product Sync. */
export const providerPriceSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int().nullable(),
  currency: z.string(),
  recurring: z.object({ interval: z.string() }).nullable(),
});
export const providerProductSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), prices: z.array(providerPriceSchema) });
export type ProviderProduct = z.infer<typeof providerProductSchema>;
export const syncTierSchema = z.object({
  tier: z.string(),
  displayName: z.string(),
  priceMonthlyCents: z.number().int(),
  priceAnnualCents: z.number().int(),
  stripePriceIdMonthly: z.string().nullable(),
  stripePriceIdAnnual: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type SyncTier = z.infer<typeof syncTierSchema>;
export const productSyncResponseSchema = z.object({ provider: z.string(), products: z.array(providerProductSchema), tiers: z.array(syncTierSchema) });
export type ProductSyncResponse = z.infer<typeof productSyncResponseSchema>;
const priceId = z
  .string()
  .trim()
  .max(255)
  .regex(/^[\w-]*$/, 'A price id has letters, digits, underscores and hyphens only')
  .transform((v) => v || null)
  .nullable();
export const productSyncBodySchema = z.object({
  mappings: z
    .array(z.object({ tier: z.string().trim().min(1).max(64), stripePriceIdMonthly: priceId, stripePriceIdAnnual: priceId }))
    .min(1, 'Map at least one tier')
    .max(100),
});
export const productSyncResultSchema = z.object({ updated: z.number().int(), failed: z.array(z.string()) });

/** Configuration tab. */
export const billingConfigurationSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  secretKey: z.object({ isSet: z.boolean(), masked: z.string().nullable(), source: z.enum(['settings', 'env', 'none']) }),
  webhookSecret: z.object({ isSet: z.boolean(), masked: z.string().nullable(), source: z.enum(['settings', 'env', 'none']) }),
  webhookUrl: z.string(),
  events: z.array(z.object({ type: z.string(), description: z.string() })),
});
export type BillingConfiguration = z.infer<typeof billingConfigurationSchema>;
export const updateBillingConfigurationBodySchema = z
  .object({
    secretKey: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[\w]{8,}$/, 'A secret API key starts with sk_test_, sk_live_, rk_test_ or rk_live_')
      .nullable()
      .optional(),
    webhookSecret: z
      .string()
      .trim()
      .regex(/^whsec_[\w+/=]{8,}$/, 'A webhook signing secret starts with whsec_')
      .nullable()
      .optional(),
  })
  .refine((v) => v.secretKey !== undefined || v.webhookSecret !== undefined, 'Nothing to change');

/* ------------------------------------------------------------------ Pricing tabs */

export const billingAnalyticsSchema = z.object({
  mrrCents: z.number().int(),
  arrCents: z.number().int(),
  activeSubscriptions: z.number().int(),
  trialingSubscriptions: z.number().int(),
  payingCustomers: z.number().int(),
  arpuCents: z.number().int(),
  revenue30dCents: z.number().int(),
  revenuePrevious30dCents: z.number().int(),
  tokenRevenue30dCents: z.number().int(),
  /** Percent of subscriptions live at the start of the last 30 days that were cancelled in them. */
  churnRate30d: z.number(),
  cancelled30d: z.number().int(),
  newSubscriptions30d: z.number().int(),
  failedInvoices30d: z.number().int(),
  byStatus: subscriptionHealthSchema.shape.byStatus,
  planDistribution: z.array(z.object({ tier: z.string(), displayName: z.string(), subscriptions: z.number().int(), mrrCents: z.number().int() })),
});
export type BillingAnalytics = z.infer<typeof billingAnalyticsSchema>;

export const revenueQuerySchema = z.object({ months: z.coerce.number().int().min(1, 'months must be 1 to 24').max(24, 'months must be 1 to 24').default(12) });
export const revenueMonthSchema = z.object({
  month: z.string(),
  revenueCents: z.number().int(),
  subscriptionRevenueCents: z.number().int(),
  tokenRevenueCents: z.number().int(),
  mrrCents: z.number().int(),
  activeAtEnd: z.number().int(),
  cancelled: z.number().int(),
  churnRate: z.number(),
  plans: z.record(z.string(), z.number().int()),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;
export const revenueResponseSchema = z.object({ months: z.array(revenueMonthSchema), tiers: z.array(z.object({ tier: z.string(), displayName: z.string() })) });
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;

const search = z.string().trim().max(200, 'Search is at most 200 characters').optional();

export const subscriptionQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(['all', ...SUBSCRIPTION_STATUSES]).default('all'),
  plan: z.string().trim().max(64).default('all'),
});
export const adminSubscriptionSchema = z.object({
  id: idSchema,
  organizationId: z.string(),
  organizationName: z.string(),
  ownerEmail: z.string().nullable(),
  tier: z.string(),
  tierName: z.string(),
  status: z.string(),
  interval: z.string().nullable(),
  amountCents: z.number().int(),
  mrrCents: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionListSchema = paginated(adminSubscriptionSchema);

export const customerQuerySchema = pageQuerySchema.extend({ search, status: z.enum(['all', ...CUSTOMER_STATUSES]).default('all') });
export const adminCustomerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  plan: z.string(),
  joinDate: z.string(),
  paymentMethod: z.string().nullable(),
  mrrCents: z.number().int(),
  totalSpentCents: z.number().int(),
  nextBilling: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerListSchema = paginated(adminCustomerSchema);
export const adminCustomerDetailSchema = z.object({
  customer: adminCustomerSchema,
  subscriptions: z.array(adminSubscriptionSchema),
  invoices: z.array(invoiceItemSchema),
  tokenPurchases: z.array(z.object({ id: z.string(), tokens: z.number().int(), amountCents: z.number().int(), createdAt: z.string() })),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const invoiceQuerySchema = pageQuerySchema.extend({
  search,
  status: z.enum(['all', ...INVOICE_STATUSES]).default('all'),
  organizationId: idSchema.optional(),
});
export const adminInvoiceListSchema = paginated(invoiceItemSchema);

/* ------------------------------------------------------------------ Settings (billing_settings) */

export const billingSettingsSchema = z.object({
  payment: z.object({
    testMode: z.boolean(),
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'Currency is a three-letter code such as usd')
      .refine((code) => !(NON_TWO_DECIMAL_CURRENCIES as readonly string[]).includes(code), TWO_DECIMAL_CURRENCY_MESSAGE),
  }),
  invoicing: z.object({
    invoicePrefix: z
      .string()
      .trim()
      .min(1, 'Invoice prefix is required')
      .max(12, 'Invoice prefix is at most 12 characters')
      .regex(/^[A-Za-z0-9-]+$/, 'Invoice prefix has letters, digits and hyphens only'),
    nextInvoiceNumber: z.number().int('Whole numbers only').min(1, 'Invoice numbers start at 1').max(999_999_999, 'Invoice numbers are at most 999999999'),
    dueDays: z.number().int('Whole numbers only').min(0, 'Due days are 0 to 365').max(365, 'Due days are 0 to 365'),
    autoSend: z.boolean(),
  }),
  tax: z.object({
    enabled: z.boolean(),
    /** 8.5 = 8.5 %, two decimals at most (stored as basis points). */
    ratePercent: z
      .number()
      .min(0, 'Tax rate is 0 to 100')
      .max(100, 'Tax rate is 0 to 100')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Tax rate has at most two decimals'),
  }),
  notifications: z.object({
    paymentFailed: z.boolean(),
    newSubscription: z.boolean(),
    cancellation: z.boolean(),
  }),
  advanced: z.object({
    retryAttempts: z.number().int('Whole numbers only').min(0, 'Retries are 0 to 10').max(10, 'Retries are 0 to 10'),
    retryIntervalDays: z.number().int('Whole numbers only').min(1, 'Retry interval is 1 to 30 days').max(30, 'Retry interval is 1 to 30 days'),
    suspendAfterFailures: z.boolean(),
    trialDays: z.number().int('Whole numbers only').min(0, 'Trial days are 0 to 365').max(365, 'Trial days are 0 to 365'),
    trialRequiresPaymentMethod: z.boolean(),
    webhookToleranceSeconds: z.number().int('Whole numbers only').min(30, 'Tolerance is 30 to 3600 seconds').max(3600, 'Tolerance is 30 to 3600 seconds'),
  }),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
export const billingSettingsResponseSchema = billingSettingsSchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() });
export type BillingSettingsResponse = z.infer<typeof billingSettingsResponseSchema>;
