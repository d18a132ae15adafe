import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import { loadStripe } from '../../lib/lazy-require';
import { WebhookVerificationError, type BillingWebhookEvent, type CheckoutTerms, type PaymentProvider, type ProviderProduct } from './types';

/** Verifies a `stripe-signature` header (t=…,v1=HMAC-SHA256(secret, t.body)) with the SDK; the sandbox signs the same way. */
export function constructSignedEvent(
  rawBody: string | Buffer,
  header: string | string[] | undefined,
  secret: string,
  toleranceSeconds: number,
): BillingWebhookEvent {
  if (typeof header !== 'string' || header === '') throw new WebhookVerificationError('The stripe-signature header is missing.');
  // The SDK refuses a signature older than the tolerance but accepts one from any time ahead; the window holds both ways,
  // so an event signed with a clock set forward (or prepared for a later replay) is refused as well.
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  if (toleranceSeconds > 0 && Number.isFinite(signedAt) && signedAt - Date.now() / 1000 > toleranceSeconds) {
    throw new WebhookVerificationError('The signature timestamp is outside the tolerance window.');
  }
  try {
    const event = loadStripe().webhooks.constructEvent(rawBody, header, secret, toleranceSeconds);
    return event as unknown as BillingWebhookEvent;
  } catch (error) {
    if (error instanceof loadStripe().errors.StripeSignatureVerificationError) {
      const message = /tolerance/i.test(error.message)
        ? 'The signature timestamp is outside the tolerance window.'
        : 'The signature does not match the payload.';
      throw new WebhookVerificationError(message);
    }
    if (error instanceof SyntaxError) throw new WebhookVerificationError('The payload is not JSON.');
    throw error;
  }
}

/** The SDK client, pointed at STRIPE_API_URL when set (tests, stripe-mock). */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const base = apiUrl ? new URL(apiUrl) : null;
  const StripeClient = loadStripe();
  return new StripeClient(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** Stripe's messages are safe to show (keys are masked); anything else stays in the log. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof loadStripe().errors.StripeError) throw new AppError('SERVICE_UNAVAILABLE', `Stripe could not ${what}: ${error.message}`);
    throw error;
  }
}

/**
 * The exclusive Stripe TaxRate of a percentage (basis points → percent): an active one with the same percentage is
 * reused, else one is created, so checkouts do not pile up tax rates in the Stripe account.
 */
async function exclusiveTaxRate(stripe: Stripe, basisPoints: number): Promise<string> {
  const percentage = basisPoints / 100;
  const same = (rate: Stripe.TaxRate) => rate.active && !rate.inclusive && Math.round(rate.percentage * 100) === basisPoints;
  for await (const rate of stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })) {
    if (same(rate)) return rate.id;
  }
  const created = await stripe.taxRates.create({ display_name: 'Tax', percentage, inclusive: false, description: 'Parley billing settings' });
  return created.id;
}

export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string | undefined;
  apiUrl?: string;
  /** The billing settings' terms of new payments; absent when only webhooks are verified. */
  terms?: CheckoutTerms;
}): PaymentProvider {
  const stripe = stripeClient(options.secretKey, options.apiUrl);
  const customer = (customerId: string | null, email: string) => (customerId ? { customer: customerId } : { customer_email: email });
  const terms = (): CheckoutTerms => {
    if (!options.terms) throw new Error('This Stripe client verifies webhooks only.');
    if (options.terms.refuseNewPayments) throw new AppError('CONFLICT', options.terms.refuseNewPayments);
    return options.terms;
  };
  /** The exclusive tax rate of the billing settings, as the list Stripe takes; null without tax. */
  const taxRates = async (basisPoints: number | null) =>
    basisPoints ? [await call('find or create the tax rate', () => exclusiveTaxRate(stripe, basisPoints))] : null;

  return {
    name: 'stripe',

    async createSubscriptionCheckout(input) {
      const { taxRateBasisPoints, trialRequiresPaymentMethod, trialDays } = terms();
      if (!input.priceId) {
        throw new AppError(
          'CONFLICT',
          `The ${input.tierName} plan has no Stripe price for ${input.interval === 'year' ? 'annual' : 'monthly'} billing yet. An administrator maps it under Payment-provider Integration Testing → Product Sync.`,
        );
      }
      const metadata = { organization_id: input.organizationId, user_id: input.userId, tier: input.tier, interval: input.interval, kind: 'subscription' };
      const rates = await taxRates(taxRateBasisPoints);
      const days = await trialDays(input.organizationId);
      const trial = days > 0;
      const session = await call('create the checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: input.priceId!, quantity: 1, ...(rates ? { tax_rates: rates } : {}) }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.organizationId,
          ...customer(input.customerId, input.email),
          metadata,
          // A trial without a card ends the subscription when it is over, as the sandbox does (no invoice left unpaid).
          ...(trial ? { payment_method_collection: trialRequiresPaymentMethod ? ('always' as const) : ('if_required' as const) } : {}),
          subscription_data: {
            metadata,
            ...(trial ? { trial_period_days: days, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } } : {}),
          },
        }),
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe returned a checkout session without a URL.');
      return { id: session.id, url: session.url };
    },

    async createTokenCheckout(input) {
      const { currency, taxRateBasisPoints } = terms();
      const rates = await taxRates(taxRateBasisPoints);
      const metadata = {
        organization_id: input.organizationId,
        user_id: input.userId,
        kind: 'token_purchase',
        token_package_id: input.packageId,
        tokens: String(input.tokens),
      };
      const session = await call('create the token checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              ...(rates ? { tax_rates: rates } : {}),
              price_data: {
                currency,
                unit_amount: input.amountCents,
                product_data: { name: input.packageName, description: `${input.tokens.toLocaleString('en-US')} tokens` },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.organizationId,
          ...customer(input.customerId, input.email),
          ...(input.customerId ? {} : { customer_creation: 'always' as const }),
          invoice_creation: { enabled: true, invoice_data: { metadata } },
          metadata,
        }),
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe returned a checkout session without a URL.');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(input) {
      const session = await call('open the customer portal', () =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async listProductsAndPrices() {
      const [products, prices] = await call('list products and prices', () =>
        Promise.all([stripe.products.list({ active: true, limit: 100 }), stripe.prices.list({ active: true, limit: 100 })]),
      );
      return products.data.map((product): ProviderProduct => ({
        id: product.id,
        name: product.name,
        description: product.description ?? null,
        prices: prices.data
          .filter((price) => (typeof price.product === 'string' ? price.product : price.product.id) === product.id)
          .map((price) => ({
            id: price.id,
            unit_amount: price.unit_amount,
            currency: price.currency,
            recurring: price.recurring ? { interval: price.recurring.interval } : null,
          })),
      }));
    },

    async changeSubscription(input) {
      const { taxRateBasisPoints } = terms();
      if (!input.priceId)
        throw new AppError(
          'CONFLICT',
          `The ${input.tier} plan has no Stripe price for this billing interval yet. An administrator maps it under Payment-provider Integration Testing → Product Sync.`,
        );
      const subscription = await call('read the subscription', () => stripe.subscriptions.retrieve(input.subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new AppError('CONFLICT', 'The Stripe subscription has no item to change.');
      // The new price is taxed as the billing settings say now ('' clears the item's tax rates).
      const rates = await taxRates(taxRateBasisPoints);
      await call('change the subscription', () =>
        stripe.subscriptions.update(input.subscriptionId, {
          items: [{ id: item.id, price: input.priceId!, tax_rates: rates ?? '' }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata: { ...subscription.metadata, tier: input.tier, interval: input.interval },
        }),
      );
    },

    async cancelAtPeriodEnd(subscriptionId, cancel) {
      await call('update the subscription', () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },

    async cancelNow(subscriptionId, { prorate }) {
      const subscription = await call('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return { alreadyEnded: true };
      // prorate credits the unused time; invoice_now puts that credit on a final invoice (the customer's balance).
      await call('cancel the subscription', () => stripe.subscriptions.cancel(subscriptionId, { prorate, invoice_now: prorate }));
      return { alreadyEnded: false };
    },

    async retryInvoice(invoiceId) {
      try {
        const invoice = await stripe.invoices.pay(invoiceId);
        return { paid: invoice.status === 'paid' };
      } catch (error) {
        // A declined card is an answer, not a failure of the call.
        if (error instanceof loadStripe().errors.StripeCardError) return { paid: false };
        if (error instanceof loadStripe().errors.StripeError) throw new AppError('SERVICE_UNAVAILABLE', `Stripe could not retry the invoice: ${error.message}`);
        throw error;
      }
    },

    verifyWebhook(rawBody, headers, toleranceSeconds) {
      if (!options.webhookSecret) throw new WebhookVerificationError('No Stripe webhook signing secret is configured.');
      return constructSignedEvent(rawBody, headers['stripe-signature'], options.webhookSecret, toleranceSeconds);
    },
  };
}
