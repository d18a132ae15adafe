/**
 * One interface, two payment providers (issue #7): Stripe through its SDK when a secret key is configured (billing
 * settings or STRIPE_SECRET_KEY), else the built-in sandbox. Both deliver Stripe-shaped events, signed the same way,
 * to POST /api/webhooks/stripe (features/billing/webhook.ts).
 */
export type ProviderName = 'stripe' | 'sandbox';
export type BillingInterval = 'month' | 'year';

export interface CheckoutSession {
  id: string;
  /** Where to send the customer: Stripe's hosted page, or /checkout/sandbox/:id. */
  url: string;
}

export interface SubscriptionCheckoutInput {
  organizationId: string;
  userId: string;
  email: string;
  /** The provider's customer of the organization, when it has one already. */
  customerId: string | null;
  tier: string;
  tierName: string;
  interval: BillingInterval;
  /** subscription_tier_limits.stripe_price_id_monthly / _annual (Stripe needs it; the sandbox prices from amountCents). */
  priceId: string | null;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

export interface TokenCheckoutInput {
  organizationId: string;
  userId: string;
  email: string;
  customerId: string | null;
  packageId: string;
  packageName: string;
  tokens: number;
  amountCents: number;
  /** What the caller records; the checkout itself is in the billing settings' currency (CheckoutTerms). */
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

/** Product Sync's shape (spec §7 fetch-stripe-products). */
export interface ProviderProduct {
  id: string;
  name: string;
  description: string | null;
  prices: { id: string; unit_amount: number | null; currency: string; recurring: { interval: string } | null }[];
}

/** A verified webhook event, Stripe's shape (`type`, `data.object`). */
export interface BillingWebhookEvent {
  id: string;
  type: string;
  created: number;
  /** False for Stripe's test mode and the sandbox. */
  livemode?: boolean;
  data: { object: Record<string, unknown> };
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutSession>;
  createTokenCheckout(input: TokenCheckoutInput): Promise<CheckoutSession>;
  /** Stripe's customer portal, or the sandbox's portal page in Parley. */
  createPortalSession(input: { organizationId: string; customerId: string; returnUrl: string }): Promise<{ url: string }>;
  listProductsAndPrices(): Promise<ProviderProduct[]>;
  /** Moves an existing subscription to another tier or interval (prorated by the provider). */
  changeSubscription(input: { subscriptionId: string; tier: string; interval: BillingInterval; priceId: string | null; amountCents: number }): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * Ends a subscription now; with `prorate` the unused time of the period is credited to the customer. One already
   * ended is left alone (`alreadyEnded`), so a retried call does nothing twice.
   */
  cancelNow(subscriptionId: string, options: { prorate: boolean }): Promise<{ alreadyEnded: boolean }>;
  /** Charges an open invoice again now. */
  retryInvoice(invoiceId: string): Promise<{ paid: boolean }>;
  /** Checks the `stripe-signature` header against this provider's signing secret; throws WebhookVerificationError. */
  verifyWebhook(rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>, toleranceSeconds: number): BillingWebhookEvent;
}

/**
 * What the billing settings make of every new payment, whoever starts it (a customer, or an admin's Payment Flows),
 * read when the provider is made (decisions/0023-billing-settings.md).
 */
export interface CheckoutTerms {
  /** billing_settings.currency: token checkouts and the sandbox's plans (Stripe plans are in their price's currency). */
  currency: string;
  /** billing_settings.tax_rate_basis_points when tax is enabled, else null. */
  taxRateBasisPoints: number | null;
  /** billing_settings.trial_requires_payment_method. */
  trialRequiresPaymentMethod: boolean;
  /** The trial of a subscription checkout: trial_days for an organization's first subscription, else 0. */
  trialDays(organizationId: string): Promise<number>;
  /** Why new payments are refused (test mode and the provider disagree), or null. */
  refuseNewPayments: string | null;
}

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}
