import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { sandboxInvoices, sandboxSubscriptions, subscriptionTierLimits, tokenPackages } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { CheckoutTerms, PaymentProvider, ProviderProduct } from '../types';
import { readBillingSettings } from '../../../services/billing-settings';
import { constructSignedEvent } from '../stripe';
import { createSandboxCheckoutSession } from './checkout';
import { sandboxNow } from './clock';
import { deliverSandboxEvents, emitSandboxEvent, type SandboxEventSink } from './events';
import { attemptSandboxCharge, cancelSandboxSubscriptionNow } from './ledger';
import { sandboxPriceId, subscriptionObject } from './objects';

/** The sandbox's events are signed the Stripe way with the installation's sandbox secret. */
export function sandboxWebhookVerifier(webhookSecret: string): PaymentProvider['verifyWebhook'] {
  return (rawBody, headers, toleranceSeconds) => constructSignedEvent(rawBody, headers['stripe-signature'], webhookSecret, toleranceSeconds);
}

/** The built-in payment provider: everything happens in Parley's database, on the sandbox clock. */
export function createSandboxProvider(
  db: Db,
  config: Config,
  /** Where the events of each action go once it has committed. */
  sink: SandboxEventSink,
  webhookSecret: string,
  /** The billing settings' terms of new payments; absent when only webhooks are verified. */
  checkoutTerms?: CheckoutTerms,
): PaymentProvider {
  const terms = (): CheckoutTerms => {
    if (!checkoutTerms) throw new Error('This sandbox client verifies webhooks only.');
    if (checkoutTerms.refuseNewPayments) throw new AppError('CONFLICT', checkoutTerms.refuseNewPayments);
    return checkoutTerms;
  };
  const subscription = async (id: string) => {
    const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'Subscription not found in the sandbox.');
    return row;
  };

  return {
    name: 'sandbox',

    async createSubscriptionCheckout(input) {
      const { currency } = terms();
      // The trial and the tax are the billing settings' when the checkout is paid (sandbox/checkout.ts).
      return createSandboxCheckoutSession(db, config, {
        mode: 'subscription',
        organizationId: input.organizationId,
        userId: input.userId,
        customerEmail: input.email,
        tier: input.tier,
        interval: input.interval,
        description: `${input.tierName} plan, billed ${input.interval === 'year' ? 'annually' : 'monthly'}`,
        amountCents: input.amountCents,
        currency,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
    },

    async createTokenCheckout(input) {
      const { currency } = terms();
      return createSandboxCheckoutSession(db, config, {
        mode: 'payment',
        organizationId: input.organizationId,
        userId: input.userId,
        customerEmail: input.email,
        tokenPackageId: input.packageId,
        tokens: input.tokens,
        description: `${input.packageName} — ${input.tokens.toLocaleString('en-US')} tokens`,
        amountCents: input.amountCents,
        currency,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
    },

    async createPortalSession(input) {
      const returnTo = encodeURIComponent(new URL(input.returnUrl).pathname);
      return { url: `${config.publicUrl}/checkout/sandbox/portal?return=${returnTo}` };
    },

    async listProductsAndPrices() {
      const tiers = await db
        .select()
        .from(subscriptionTierLimits)
        .where(eq(subscriptionTierLimits.isActive, true))
        .orderBy(asc(subscriptionTierLimits.sortOrder));
      // Product Sync's view of the sandbox: prices in the billing settings' currency, as its checkouts are.
      const { currency } = await readBillingSettings(db);
      const packages = await db.select().from(tokenPackages).where(eq(tokenPackages.isActive, true)).orderBy(asc(tokenPackages.tokens));
      const products: ProviderProduct[] = tiers
        .filter((tier) => tier.tier !== 'free')
        .map((tier) => ({
          id: `prod_sandbox_${tier.tier}`,
          name: tier.displayName,
          description: tier.description || null,
          prices: [
            { id: sandboxPriceId(tier.tier, 'month'), unit_amount: tier.priceMonthlyCents, currency, recurring: { interval: 'month' } },
            { id: sandboxPriceId(tier.tier, 'year'), unit_amount: tier.priceAnnualCents, currency, recurring: { interval: 'year' } },
          ],
        }));
      for (const pack of packages) {
        products.push({
          id: `prod_sandbox_tokens_${pack.id}`,
          name: pack.name,
          description: `${pack.tokens.toLocaleString('en-US')} tokens`,
          prices: [{ id: `price_sandbox_tokens_${pack.id}`, unit_amount: pack.priceCents, currency, recurring: null }],
        });
      }
      return products;
    },

    async changeSubscription(input) {
      terms();
      await subscription(input.subscriptionId);
      const now = await sandboxNow(db);
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(sandboxSubscriptions)
          .set({ tier: input.tier, interval: input.interval, amountCents: input.amountCents, cancelAtPeriodEnd: false, updatedAt: new Date() })
          .where(eq(sandboxSubscriptions.id, input.subscriptionId))
          .returning();
        await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed!), now);
      });
      await deliverSandboxEvents(db, config, sink);
    },

    async cancelAtPeriodEnd(subscriptionId, cancel) {
      const current = await subscription(subscriptionId);
      if (current.status === 'canceled') throw new AppError('CONFLICT', 'This subscription has already ended.');
      const now = await sandboxNow(db);
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(sandboxSubscriptions)
          .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
          .where(eq(sandboxSubscriptions.id, subscriptionId))
          .returning();
        await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed!), now);
      });
      await deliverSandboxEvents(db, config, sink);
    },

    async cancelNow(subscriptionId, { prorate }) {
      const now = await sandboxNow(db);
      const ended = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId)).for('update');
        if (!current) throw new AppError('NOT_FOUND', 'Subscription not found in the sandbox.');
        if (current.status === 'canceled') return true;
        await cancelSandboxSubscriptionNow(tx, config, current, { now, prorate });
        return false;
      });
      await deliverSandboxEvents(db, config, sink);
      return { alreadyEnded: ended };
    },

    async retryInvoice(invoiceId) {
      const now = await sandboxNow(db);
      const result = await db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(sandboxInvoices)
          .where(and(eq(sandboxInvoices.id, invoiceId)))
          .for('update');
        if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found in the sandbox.');
        if (invoice.status === 'paid') return { paid: true };
        if (invoice.status === 'void') throw new AppError('CONFLICT', 'A void invoice cannot be paid.');
        // An uncollectible invoice may still be paid on request (Stripe allows paying it).
        if (invoice.status === 'uncollectible') await tx.update(sandboxInvoices).set({ status: 'open' }).where(eq(sandboxInvoices.id, invoice.id));
        return attemptSandboxCharge(tx, config, { ...invoice, status: 'open' }, { now });
      });
      await deliverSandboxEvents(db, config, sink);
      return result;
    },

    verifyWebhook: sandboxWebhookVerifier(webhookSecret),
  };
}
