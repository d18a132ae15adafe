import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createSandboxProvider } from './sandbox/provider';
import { resolveStripeSecrets, sandboxWebhookSecret } from './settings';
import { createStripeProvider } from './stripe-provider';

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
  /** Charges an open invoice again now. */
  retryInvoice(invoiceId: string): Promise<{ paid: boolean }>;
  /** Checks the `stripe-signature` header against this provider's signing secret; throws WebhookVerificationError. */
  verifyWebhook(rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>, toleranceSeconds: number): BillingWebhookEvent;
}

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** The provider in use now: Stripe with a configured secret key, else the sandbox. */
export async function getPaymentProvider(db: Db, config: Config): Promise<PaymentProvider> {
  const secrets = await resolveStripeSecrets(db, config);
  if (secrets.secretKey) return createStripeProvider({ secretKey: secrets.secretKey, webhookSecret: secrets.webhookSecret, apiUrl: config.stripe.apiUrl });
  return createSandboxProvider(db, config, await sandboxWebhookSecret(db, config));
}

/**
 * The providers whose signatures the webhook endpoint accepts: Stripe's (when its signing secret is set) and the
 * sandbox's (always; its secret never leaves the server, and sandbox subscriptions keep renewing after a switch).
 */
export async function webhookVerifiers(db: Db, config: Config): Promise<{ provider: ProviderName; verify: PaymentProvider['verifyWebhook'] }[]> {
  const secrets = await resolveStripeSecrets(db, config);
  const verifiers: { provider: ProviderName; verify: PaymentProvider['verifyWebhook'] }[] = [];
  if (secrets.webhookSecret) {
    const stripe = createStripeProvider({ secretKey: secrets.secretKey ?? 'sk_unset', webhookSecret: secrets.webhookSecret, apiUrl: config.stripe.apiUrl });
    verifiers.push({ provider: 'stripe', verify: stripe.verifyWebhook });
  }
  const sandbox = createSandboxProvider(db, config, await sandboxWebhookSecret(db, config));
  verifiers.push({ provider: 'sandbox', verify: sandbox.verifyWebhook });
  return verifiers;
}
