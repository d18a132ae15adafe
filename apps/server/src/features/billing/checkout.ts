import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organizationSubscriptions, subscribers, subscriptionTierLimits, tokenPackages, tokenPurchases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertChargeableAtCheckout } from './minimum-charge';
import { type BillingInterval, type PaymentProvider } from '../../providers/payments/types';
import { ENDED_SUBSCRIPTION_INVOICE, ensureSandboxCustomer } from '../../providers/payments/sandbox/ledger';
import { readBillingSettings } from '../../services/billing-settings';
import type { BillingContext } from './context';

/** Subscription statuses that still hold a plan (a change goes to the existing subscription, not a second one). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'] as const;

/** The organization's current subscription: its newest one still live. */
export async function liveSubscription(db: Db, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationSubscriptions)
    .where(and(eq(organizationSubscriptions.organizationId, organizationId), inArray(organizationSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])))
    .orderBy(desc(organizationSubscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** An invoice of a subscription that has ended is never charged again (Stripe stops collecting when one ends). */
export async function assertSubscriptionNotEnded(db: Db, provider: PaymentProvider['name'], subscriptionId: string): Promise<void> {
  const [subscription] = await db
    .select({ status: organizationSubscriptions.status })
    .from(organizationSubscriptions)
    .where(and(eq(organizationSubscriptions.provider, provider), eq(organizationSubscriptions.providerSubscriptionId, subscriptionId)));
  if (subscription?.status === 'canceled') throw new AppError('CONFLICT', ENDED_SUBSCRIPTION_INVOICE);
}

async function customerIdFor(db: Db, provider: PaymentProvider, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscribers.stripeCustomerId })
    .from(subscribers)
    .where(and(eq(subscribers.organizationId, organizationId), eq(subscribers.provider, provider.name)));
  return row?.customerId ?? null;
}

const dashboardUrl = (config: Config, path: string, query: string) => `${config.publicUrl}${path}?${query}`;

/**
 * Upgrade or downgrade. Without a live subscription: a checkout for the tier. With one: the subscription is moved to
 * the new tier in place (the provider prorates), so an organization never pays for two plans. Back to free is a
 * cancellation (cancel at period end).
 */
export async function startTierCheckout(
  billing: BillingContext,
  input: { organizationId: string; userId: string; email: string; tier: string; interval: BillingInterval },
): Promise<{ url: string | null; changed: boolean }> {
  const { db, config } = billing;
  const [tier] = await db
    .select()
    .from(subscriptionTierLimits)
    .where(and(eq(subscriptionTierLimits.tier, input.tier), eq(subscriptionTierLimits.isActive, true)));
  if (!tier) throw new AppError('VALIDATION_ERROR', `There is no active plan named "${input.tier}".`);
  const amountCents = input.interval === 'year' ? tier.priceAnnualCents : tier.priceMonthlyCents;
  if (tier.tier === 'free' || amountCents <= 0) {
    throw new AppError('VALIDATION_ERROR', 'This plan is free: to move to it, cancel your subscription at the end of the period.');
  }
  assertChargeableAtCheckout(amountCents, (await readBillingSettings(db)).currency);
  const provider = await billing.paymentProvider();
  const priceId = input.interval === 'year' ? tier.stripePriceIdAnnual : tier.stripePriceIdMonthly;
  const current = await liveSubscription(db, input.organizationId);
  if (current) {
    if (current.tier === tier.tier && current.interval === input.interval) throw new AppError('CONFLICT', `You are already on the ${tier.displayName} plan.`);
    if (current.provider !== provider.name) {
      throw new AppError('CONFLICT', 'Your subscription is with another payment provider than the one configured now. Cancel it first.');
    }
    await provider.changeSubscription({ subscriptionId: current.providerSubscriptionId, tier: tier.tier, interval: input.interval, priceId, amountCents });
    return { url: null, changed: true };
  }
  const session = await provider.createSubscriptionCheckout({
    organizationId: input.organizationId,
    userId: input.userId,
    email: input.email,
    customerId: await customerIdFor(db, provider, input.organizationId),
    tier: tier.tier,
    tierName: tier.displayName,
    interval: input.interval,
    priceId,
    amountCents,
    successUrl: dashboardUrl(config, '/dashboard/subscription', 'checkout=success'),
    cancelUrl: dashboardUrl(config, '/dashboard/subscription', 'checkout=canceled'),
  });
  return { url: session.url, changed: false };
}

/** A checkout for a token package; the purchase is recorded pending and credited when the provider says it is paid. */
export async function startTokenCheckout(
  billing: BillingContext,
  input: { organizationId: string; userId: string; email: string; packageId: string },
): Promise<{ url: string }> {
  const { db, config } = billing;
  const [pack] = await db
    .select()
    .from(tokenPackages)
    .where(and(eq(tokenPackages.id, input.packageId), eq(tokenPackages.isActive, true)));
  if (!pack) throw new AppError('NOT_FOUND', 'Token package not found.');
  if (pack.priceCents <= 0) throw new AppError('VALIDATION_ERROR', 'This token package has no price and cannot be bought.');
  const settings = await readBillingSettings(db);
  assertChargeableAtCheckout(pack.priceCents, settings.currency);
  const provider = await billing.paymentProvider();
  const session = await provider.createTokenCheckout({
    organizationId: input.organizationId,
    userId: input.userId,
    email: input.email,
    customerId: await customerIdFor(db, provider, input.organizationId),
    packageId: pack.id,
    packageName: pack.name,
    tokens: pack.tokens,
    amountCents: pack.priceCents,
    currency: settings.currency,
    successUrl: dashboardUrl(config, '/dashboard/billing', 'checkout=success'),
    cancelUrl: dashboardUrl(config, '/dashboard/billing', 'checkout=canceled'),
  });
  await db.insert(tokenPurchases).values({
    organizationId: input.organizationId,
    packageId: pack.id,
    packageName: pack.name,
    tokens: pack.tokens,
    // The package's price, before tax: the tax is the provider's invoice's.
    amountCents: pack.priceCents,
    currency: settings.currency,
    provider: provider.name,
    providerCheckoutId: session.id,
    status: 'pending',
    createdBy: input.userId,
  });
  return { url: session.url };
}

/** A cancellation this call scheduled; `key` is the same for calls that found the same subscription state (two clicks). */
export interface ScheduledCancellation {
  key: string;
  tier: string;
  currentPeriodEnd: Date | null;
}

/**
 * Cancel at the end of the period, or take the cancellation back. Returns the cancellation when this call scheduled
 * one that was not scheduled before, else null.
 */
export async function setCancelAtPeriodEnd(billing: BillingContext, organizationId: string, cancel: boolean): Promise<ScheduledCancellation | null> {
  const { db } = billing;
  const current = await liveSubscription(db, organizationId);
  if (!current) throw new AppError('CONFLICT', 'You have no subscription to cancel.');
  const provider = await billing.paymentProvider();
  if (current.provider !== provider.name) throw new AppError('CONFLICT', 'Your subscription is with another payment provider than the one configured now.');
  await provider.cancelAtPeriodEnd(current.providerSubscriptionId, cancel);
  // The provider's event confirms it (the sandbox's arrives before this line); the page shows the change at once.
  await db.update(organizationSubscriptions).set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() }).where(eq(organizationSubscriptions.id, current.id));
  if (!cancel || current.cancelAtPeriodEnd) return null;
  return { key: `${current.id}:${current.updatedAt.getTime()}`, tier: current.tier, currentPeriodEnd: current.currentPeriodEnd };
}

/** Stripe's customer portal, or the sandbox's portal page. */
export async function openCustomerPortal(billing: BillingContext, organizationId: string): Promise<{ url: string }> {
  const { db, config } = billing;
  const provider = await billing.paymentProvider();
  let customerId = await customerIdFor(db, provider, organizationId);
  if (!customerId && provider.name === 'sandbox') customerId = (await ensureSandboxCustomer(db, organizationId)).id;
  if (!customerId) throw new AppError('CONFLICT', 'There is no billing account yet: buy a plan or tokens first.');
  return provider.createPortalSession({ organizationId, customerId, returnUrl: `${config.publicUrl}/dashboard/subscription` });
}
