import { z } from 'zod';
import { idSchema, paginated } from './common';

/**
 * Commerce, the customer side and the payment provider (issue #7): /dashboard/subscription, /dashboard/billing,
 * the sandbox's hosted checkout and portal pages. Money is integer cents; times are ISO strings.
 */

/** The seven webhook events Parley handles; select these when adding the endpoint in Stripe (docs/billing.md). */
export const BILLING_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const;

/** The sandbox's test cards (the same numbers as Stripe's test mode). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
  /** Saved without trouble, but every later charge (renewals) is declined. */
  failsLater: '4000000000000341',
} as const;

export const BILLING_MESSAGES = {
  checkoutFailed: 'Could not start the checkout',
  cardDeclined: 'Your card was declined.',
  cardInvalid: 'Enter a 16-digit card number.',
  cardUnknown: 'The sandbox accepts test cards only, such as 4242 4242 4242 4242.',
  expiryInvalid: 'Enter the expiry date as MM/YY, in the future.',
  cvcInvalid: 'Enter the 3- or 4-digit security code.',
  sessionExpired: 'This checkout has expired. Start again from your billing page.',
  sessionComplete: 'This checkout is already complete.',
  canceledAtPeriodEnd: 'Your subscription will end at the end of the billing period.',
  resumed: 'Your subscription will renew as usual.',
  planChanged: 'Your plan was changed.',
  noInvoices: 'No invoices yet.',
  noSubscription: 'You are on the free plan.',
  tokensCredited: 'Tokens added to your balance.',
  planActive: 'Thank you! Your plan is active.',
  checkoutCanceled: 'Checkout canceled. Nothing was charged.',
  /** Back from a paid checkout, while the provider's confirmation (its webhook) has not arrived. */
  confirmingPayment: 'Confirming your payment…',
  confirmingPaymentDetail: 'Thank you. We are waiting for the payment provider to confirm your payment; this usually takes a few seconds.',
  confirmationDelayed: 'Your payment is still being confirmed',
  confirmationDelayedDetail:
    'The payment provider has not confirmed it yet. Nothing needs to be done again: this page updates when the confirmation arrives, or check again in a moment.',
  paymentNotCompleted: 'The payment was not completed. Nothing was charged.',
} as const;

export const billingIntervalSchema = z.enum(['month', 'year'], { error: 'interval must be month or year' });
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export const providerNameSchema = z.enum(['stripe', 'sandbox']);

export const tierOfferSchema = z.object({
  tier: z.string(),
  displayName: z.string(),
  description: z.string(),
  monthlyTokenLimit: z.number().int(),
  maxChatbots: z.number().int(),
  maxHandoffsPerMonth: z.number().int(),
  priceMonthlyCents: z.number().int(),
  priceAnnualCents: z.number().int(),
  isPopular: z.boolean(),
  ctaText: z.string(),
});
export type TierOffer = z.infer<typeof tierOfferSchema>;

export const subscriptionStatusSchema = z.enum(['active', 'past_due', 'unpaid', 'canceled', 'trialing', 'incomplete']);

export const currentSubscriptionSchema = z.object({
  id: idSchema,
  tier: z.string(),
  interval: billingIntervalSchema,
  status: subscriptionStatusSchema,
  amountCents: z.number().int(),
  currency: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  failedPaymentCount: z.number().int(),
});

export const subscriptionOverviewSchema = z.object({
  provider: providerNameSchema,
  organizationId: idSchema,
  canManage: z.boolean(),
  tier: z.object({ tier: z.string(), displayName: z.string() }),
  limits: z.object({
    monthlyTokenLimit: z.number().int(),
    maxChatbots: z.number().int(),
    maxHandoffsPerMonth: z.number().int(),
    /** The tier's rate limits, per minute (contracts/tier-limits.ts TIER_RATE_LIMITS). */
    apiKeyRequestsPerMinute: z.number().int(),
    chatbotMessagesPerMinute: z.number().int(),
    visitorMessagesPerMinute: z.number().int(),
  }),
  usage: z.object({ tokensUsed: z.number().int(), chatbots: z.number().int(), creditBalance: z.number().int() }),
  subscription: currentSubscriptionSchema.nullable(),
  offers: z.array(tierOfferSchema),
  /** The currency of the offers' prices (billing settings). */
  currency: z.string(),
  hasCustomer: z.boolean(),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

export const tierCheckoutBodySchema = z.object({
  tier: z.string().trim().min(1, 'Choose a plan').max(50),
  interval: billingIntervalSchema.default('month'),
});
export type TierCheckoutBody = z.infer<typeof tierCheckoutBodySchema>;

/** `url` to open (a checkout), or null when an existing subscription was changed in place. */
export const checkoutResultSchema = z.object({ url: z.string().nullable(), changed: z.boolean() });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const cancelSubscriptionBodySchema = z.object({ cancelAtPeriodEnd: z.boolean({ error: 'cancelAtPeriodEnd must be true or false' }) });
export const portalResultSchema = z.object({ url: z.string() });

export const tokenCheckoutBodySchema = z.object({ packageId: idSchema });

export const invoiceSchema = z.object({
  id: idSchema,
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'failed', 'void']),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  createdAt: z.string(),
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicePageSchema = paginated(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const tokenPurchaseSchema = z.object({
  id: idSchema,
  packageName: z.string(),
  tokens: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  createdAt: z.string(),
});

export const tokenOverviewSchema = z.object({
  provider: providerNameSchema,
  canBuy: z.boolean(),
  creditBalance: z.number().int(),
  tokensUsed: z.number().int(),
  monthlyTokenLimit: z.number().int(),
  /** The currency of new checkouts (billing settings). */
  currency: z.string(),
  packages: z.array(z.object({ id: idSchema, name: z.string(), tokens: z.number().int(), priceCents: z.number().int() })),
  purchases: z.array(tokenPurchaseSchema),
});
export type TokenOverview = z.infer<typeof tokenOverviewSchema>;

/* ---------- sandbox hosted pages ---------- */

export const sandboxSessionParamsSchema = z.object({
  checkoutId: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{10,64}$/, 'Not a sandbox checkout session id'),
});

export const sandboxCheckoutSessionSchema = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment']),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  interval: billingIntervalSchema.nullable(),
  customerEmail: z.string(),
  status: z.enum(['open', 'requires_action', 'complete', 'expired']),
  declineMessage: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  /** The tax added to amountCents (billing settings), charged with each invoice. */
  taxCents: z.number().int(),
  /** A first subscription's trial in days (0: none); nothing is charged until it ends. */
  trialDays: z.number().int(),
  /** False when the trial may start without a card (billing settings: "Trial needs a payment method" off). */
  cardRequired: z.boolean(),
});
export type SandboxCheckoutSession = z.infer<typeof sandboxCheckoutSessionSchema>;

const digits = (v: string) => v.replace(/[\s-]/g, '');
export const sandboxCardSchema = z.object({
  cardNumber: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{16}$/, BILLING_MESSAGES.cardInvalid)),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, BILLING_MESSAGES.expiryInvalid),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, BILLING_MESSAGES.cvcInvalid),
  name: z.string().trim().max(200).default(''),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;

export const sandboxConfirmBodySchema = z.object({ approve: z.boolean({ error: 'approve must be true or false' }) });

export const sandboxPortalSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  cardLast4: z.string().nullable(),
  failRenewals: z.boolean(),
  clockNow: z.string(),
  subscription: currentSubscriptionSchema.omit({ id: true }).extend({ id: z.string() }).nullable(),
});
export type SandboxPortal = z.infer<typeof sandboxPortalSchema>;

export const sandboxPortalCardBodySchema = sandboxCardSchema;

export const sandboxClockBodySchema = z.object({
  seconds: z
    .number({ error: 'seconds must be a number' })
    .int('seconds must be a whole number')
    .min(1, 'seconds must be at least 1')
    .max(5 * 366 * 24 * 3600, 'seconds must be at most five years'),
});
export const sandboxClockResultSchema = z.object({
  now: z.string(),
  offsetSeconds: z.number().int(),
  renewed: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
});
export type SandboxClockResult = z.infer<typeof sandboxClockResultSchema>;
/** GET /api/admin/billing/sandbox/clock: the sandbox's time and how far it is ahead of real time. */
export const sandboxClockStateSchema = z.object({ now: z.string(), offsetSeconds: z.number().int() });
export type SandboxClockState = z.infer<typeof sandboxClockStateSchema>;
/** DELETE /api/admin/billing/sandbox/clock: back to real time; previousOffsetSeconds is how far ahead it was. */
export const sandboxClockResetSchema = sandboxClockStateSchema.extend({ previousOffsetSeconds: z.number().int() });
export type SandboxClockReset = z.infer<typeof sandboxClockResetSchema>;

export const payResultSchema = z.object({
  status: z.enum(['complete', 'declined', 'requires_action']),
  message: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});
export type PayResult = z.infer<typeof payResultSchema>;
