import { UUID_PATTERN } from '@parley/shared/constants';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoices,
  organizationMembers,
  organizations,
  organizationSubscriptions,
  subscribers,
  subscriptionTierLimits,
  tokenPurchases,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { grantReferralRewardsOnFirstPayment } from '../referrals/index';
import { emitWebhookEvent } from '../webhooks/index';
import { creditTokens, lockMonthUsage, refundedTokens, takeFromBalance } from '../../services/token-ledger';
import {
  chargeObject,
  checkoutSessionObject,
  invoiceObject,
  invoiceSubscriptionId,
  invoiceTaxCents,
  subscriptionObject,
  toDate,
  type InvoiceObject,
  type SubscriptionObject,
} from './event-objects';
import type { BillingWebhookEvent, ProviderName } from '../../providers/payments/types';
import { readBillingSettings } from '../../services/billing-settings';
import { subscriptionsReplacedBy, type ReplacedSubscription } from './replaced-subscriptions';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type SubscriptionStatus = (typeof organizationSubscriptions.$inferSelect)['status'];
/** Statuses under which the subscription's tier applies. */
const TIER_APPLIES: SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export interface HandlerResult {
  organizationId: string | null;
  userId: string | null;
  /** What happened, stored with the event (data.outcome). */
  outcome: string;
  /** Older subscriptions this event's subscription replaces: cancelled by a job stored with the event. */
  replaced?: ReplacedSubscription[];
}

function mapStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
    case 'trialing':
    case 'incomplete':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    default:
      // paused and anything newer: no tier until the provider says otherwise
      return 'incomplete';
  }
}

/** The organization an object belongs to: its metadata, else the provider customer we know. Unknown → a permanent failure. */
async function resolveOrganization(tx: Tx, provider: ProviderName, hints: { metadataOrganizationId?: string; customerId?: string | null }): Promise<string> {
  const fromMetadata = hints.metadataOrganizationId;
  if (fromMetadata && UUID_PATTERN.test(fromMetadata)) {
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, fromMetadata));
    if (org) return org.id;
  }
  if (hints.customerId) {
    const [subscriber] = await tx
      .select({ organizationId: subscribers.organizationId })
      .from(subscribers)
      .where(and(eq(subscribers.provider, provider), eq(subscribers.stripeCustomerId, hints.customerId)));
    if (subscriber) return subscriber.organizationId;
  }
  throw new AppError('NOT_FOUND', `No organization matches this event (customer ${hints.customerId ?? 'unknown'}).`);
}

async function ownerOf(tx: Tx, organizationId: string): Promise<{ userId: string; email: string } | null> {
  const [owner] = await tx
    .select({ userId: users.id, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
    .orderBy(organizationMembers.createdAt)
    .limit(1);
  return owner ?? null;
}

/** The tier of a subscription: its metadata, else the tier whose Stripe price id it uses (a change made in Stripe's portal). */
async function tierOf(tx: Tx, subscription: SubscriptionObject): Promise<string> {
  const fromMetadata = subscription.metadata.tier;
  const priceId = subscription.items?.data[0]?.price?.id;
  if (priceId) {
    const [row] = await tx
      .select({ tier: subscriptionTierLimits.tier })
      .from(subscriptionTierLimits)
      .where(or(eq(subscriptionTierLimits.stripePriceIdMonthly, priceId), eq(subscriptionTierLimits.stripePriceIdAnnual, priceId)));
    if (row) return row.tier;
  }
  if (fromMetadata) return fromMetadata;
  throw new AppError('VALIDATION_ERROR', `Subscription ${subscription.id} names no tier and uses no known price.`);
}

async function upsertSubscriber(
  tx: Tx,
  provider: ProviderName,
  organizationId: string,
  values: { customerId?: string | null; subscriptionId?: string | null; tier?: string; subscribed?: boolean; email?: string | null },
): Promise<void> {
  const owner = await ownerOf(tx, organizationId);
  const email = values.email ?? owner?.email ?? '';
  const set = {
    provider,
    updatedAt: new Date(),
    ...(values.customerId ? { stripeCustomerId: values.customerId } : {}),
    ...(values.subscriptionId !== undefined ? { stripeSubscriptionId: values.subscriptionId } : {}),
    ...(values.tier !== undefined ? { tier: values.tier } : {}),
    ...(values.subscribed !== undefined ? { subscribed: values.subscribed } : {}),
  };
  await tx
    .insert(subscribers)
    .values({ organizationId, userId: owner?.userId ?? null, email, ...set })
    .onConflictDoUpdate({ target: subscribers.organizationId, set });
}

/**
 * Why an event of a subscription is not applied, or null: Stripe does not deliver in order, so an event created
 * before the last one applied is older news, and a canceled subscription never comes back (a late "updated" with
 * status active must not revive it).
 */
async function staleSubscriptionEvent(tx: Tx, provider: ProviderName, subscriptionId: string, eventAt: Date | null, deleted: boolean): Promise<string | null> {
  const [known] = await tx
    .select({ status: organizationSubscriptions.status, lastEventAt: organizationSubscriptions.lastEventAt })
    .from(organizationSubscriptions)
    .where(and(eq(organizationSubscriptions.provider, provider), eq(organizationSubscriptions.providerSubscriptionId, subscriptionId)));
  // The end of a subscription is final, whenever it arrives.
  if (!known || deleted) return null;
  if (known.status === 'canceled') return `skipped: subscription ${subscriptionId} is already canceled`;
  if (eventAt && known.lastEventAt && eventAt < known.lastEventAt) {
    return `skipped: an event of subscription ${subscriptionId} created later was already applied`;
  }
  return null;
}

/** Sets organizations.tier from the organization's subscriptions: the newest one whose tier applies, else free. */
async function applyOrganizationTier(tx: Tx, organizationId: string): Promise<string> {
  const [current] = await tx
    .select({ tier: organizationSubscriptions.tier })
    .from(organizationSubscriptions)
    .where(and(eq(organizationSubscriptions.organizationId, organizationId), inArray(organizationSubscriptions.status, TIER_APPLIES)))
    .orderBy(desc(organizationSubscriptions.createdAt))
    .limit(1);
  const tier = current?.tier ?? 'free';
  await tx.update(organizations).set({ tier, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
  await tx
    .update(subscribers)
    .set({ tier, subscribed: Boolean(current), updatedAt: new Date() })
    .where(eq(subscribers.organizationId, organizationId));
  return tier;
}

async function upsertSubscription(tx: Tx, provider: ProviderName, event: BillingWebhookEvent, deleted: boolean): Promise<HandlerResult> {
  const subscription = subscriptionObject.parse(event.data.object);
  const organizationId = await resolveOrganization(tx, provider, {
    metadataOrganizationId: subscription.metadata.organization_id,
    customerId: subscription.customer,
  });
  // Events of one subscription are applied one at a time (two different event ids can arrive at once).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-subscription:${provider}:${subscription.id}`}))`);
  const eventAt = toDate(event.created);
  const stale = await staleSubscriptionEvent(tx, provider, subscription.id, eventAt, deleted);
  if (stale) return { organizationId, userId: null, outcome: stale };
  const tier = await tierOf(tx, subscription);
  const item = subscription.items?.data[0];
  const price = item?.price;
  const interval = (price?.recurring?.interval ?? subscription.metadata.interval) === 'year' ? 'year' : 'month';
  const status = deleted ? 'canceled' : mapStatus(subscription.status);
  const values = {
    organizationId,
    provider,
    providerSubscriptionId: subscription.id,
    providerCustomerId: subscription.customer ?? null,
    tier,
    interval: interval as 'month' | 'year',
    status,
    amountCents: price?.unit_amount ?? 0,
    currency: price?.currency ?? 'usd',
    currentPeriodStart: toDate(item?.current_period_start ?? subscription.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end ?? subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    canceledAt: toDate(subscription.canceled_at) ?? (deleted ? new Date() : null),
    trialEnd: toDate(subscription.trial_end),
    lastEventAt: eventAt,
    updatedAt: new Date(),
  };
  const { organizationId: _org, provider: _p, providerSubscriptionId: _s, lastEventAt: _e, ...rest } = values;
  // A "deleted" older than the last event applied still ends the subscription; the newest time is kept.
  const set = { ...rest, lastEventAt: sql`greatest(${organizationSubscriptions.lastEventAt}, excluded.last_event_at)` };
  const [before] = await tx
    .select({
      tier: organizationSubscriptions.tier,
      status: organizationSubscriptions.status,
      currentPeriodEnd: organizationSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: organizationSubscriptions.cancelAtPeriodEnd,
    })
    .from(organizationSubscriptions)
    .where(and(eq(organizationSubscriptions.provider, provider), eq(organizationSubscriptions.providerSubscriptionId, subscription.id)));
  const [organization] = await tx.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, organizationId));
  const [row] = await tx
    .insert(organizationSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: [organizationSubscriptions.provider, organizationSubscriptions.providerSubscriptionId], set })
    .returning();
  const replaced = status === 'active' || status === 'trialing' ? await subscriptionsReplacedBy(tx, row!) : [];
  await upsertSubscriber(tx, provider, organizationId, {
    customerId: subscription.customer,
    subscriptionId: deleted ? null : subscription.id,
  });
  const applied = await applyOrganizationTier(tx, organizationId);
  // subscription.updated for customers' webhooks: a new or ended subscription, or a change they would act on (the
  // provider also sends updates for changes of its own, such as metadata, which are not passed on).
  const changed =
    !before ||
    before.tier !== tier ||
    before.status !== status ||
    before.cancelAtPeriodEnd !== values.cancelAtPeriodEnd ||
    before.currentPeriodEnd?.getTime() !== values.currentPeriodEnd?.getTime();
  if (changed) {
    await emitWebhookEvent(tx as unknown as Db, {
      organizationId,
      type: 'subscription.updated',
      data: {
        organizationId,
        subscription: {
          tier,
          status,
          previousTier: organization?.tier ?? null,
          organizationTier: applied,
          cancelAtPeriodEnd: values.cancelAtPeriodEnd,
          currentPeriodEnd: values.currentPeriodEnd?.toISOString() ?? null,
        },
      },
    });
  }
  const ending = replaced.length ? `; ending the older subscription ${replaced.map((r) => r.subscriptionId).join(', ')}` : '';
  return { organizationId, userId: null, outcome: `subscription ${status}; organization tier ${applied}${ending}`, replaced };
}

async function upsertInvoice(tx: Tx, provider: ProviderName, invoice: InvoiceObject, organizationId: string, failed: boolean) {
  const status = failed ? ('failed' as const) : ('paid' as const);
  const values = {
    provider,
    providerInvoiceId: invoice.id,
    number: invoice.number ?? null,
    organizationId,
    providerCustomerId: invoice.customer ?? null,
    providerSubscriptionId: invoiceSubscriptionId(invoice),
    status,
    amountCents: invoice.total ?? invoice.amount_due ?? 0,
    taxCents: invoiceTaxCents(invoice),
    currency: invoice.currency ?? 'usd',
    description: invoice.description ?? invoice.lines?.data[0]?.description ?? '',
    dueAt: toDate(invoice.due_date),
    paidAt: failed ? null : (toDate(invoice.status_transitions?.paid_at) ?? new Date()),
    attemptCount: invoice.attempt_count ?? 0,
    nextAttemptAt: failed ? toDate(invoice.next_payment_attempt) : null,
    invoicePdf: invoice.invoice_pdf ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    createdAt: toDate(invoice.created) ?? new Date(),
    updatedAt: new Date(),
  };
  const { provider: _p, providerInvoiceId: _i, createdAt: _c, ...set } = values;
  await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: [invoices.provider, invoices.providerInvoiceId],
      set,
      // A late payment_failed must not turn a paid invoice back to failed.
      ...(failed ? { setWhere: ne(invoices.status, 'paid') } : {}),
    });
}

async function invoicePaid(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  const invoice = invoiceObject.parse(event.data.object);
  const subscriptionId = invoiceSubscriptionId(invoice);
  const organizationId = await resolveOrganization(tx, provider, {
    metadataOrganizationId: invoice.metadata.organization_id ?? invoice.parent?.subscription_details?.metadata.organization_id,
    customerId: invoice.customer,
  });
  await upsertInvoice(tx, provider, invoice, organizationId, false);
  if (subscriptionId) {
    // Paid: the subscription is in good standing again (Stripe sends subscription.updated too; the sandbox as well).
    await tx
      .update(organizationSubscriptions)
      .set({ failedPaymentCount: 0, updatedAt: new Date() })
      .where(and(eq(organizationSubscriptions.provider, provider), eq(organizationSubscriptions.providerSubscriptionId, subscriptionId)));
    await tx
      .update(organizationSubscriptions)
      .set({ status: 'active', updatedAt: new Date() })
      .where(
        and(
          eq(organizationSubscriptions.provider, provider),
          eq(organizationSubscriptions.providerSubscriptionId, subscriptionId),
          inArray(organizationSubscriptions.status, ['past_due', 'unpaid', 'incomplete']),
        ),
      );
    await applyOrganizationTier(tx, organizationId);
  }
  if (invoice.customer) await upsertSubscriber(tx, provider, organizationId, { customerId: invoice.customer, email: invoice.customer_email });
  let outcome = `invoice ${invoice.number ?? invoice.id} paid`;
  if ((invoice.amount_paid ?? invoice.total ?? 0) > 0) {
    const referral = await grantReferralRewardsOnFirstPayment(tx as unknown as Db, organizationId, `${provider}:${invoice.id}`);
    if (referral.outcome === 'rewarded') outcome += '; referral rewarded';
  }
  return { organizationId, userId: null, outcome };
}

async function invoicePaymentFailed(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  const invoice = invoiceObject.parse(event.data.object);
  const subscriptionId = invoiceSubscriptionId(invoice);
  const organizationId = await resolveOrganization(tx, provider, {
    metadataOrganizationId: invoice.metadata.organization_id ?? invoice.parent?.subscription_details?.metadata.organization_id,
    customerId: invoice.customer,
  });
  await upsertInvoice(tx, provider, invoice, organizationId, true);
  let outcome = `invoice ${invoice.number ?? invoice.id} payment failed (attempt ${invoice.attempt_count ?? 1})`;
  const nextAttempt = toDate(invoice.next_payment_attempt);
  await emitWebhookEvent(tx as unknown as Db, {
    organizationId,
    type: 'payment.failed',
    data: {
      organizationId,
      payment: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number ?? null,
        amountCents: invoice.amount_due ?? invoice.total ?? 0,
        currency: invoice.currency ?? 'usd',
        attempt: Math.max(1, invoice.attempt_count ?? 1),
        nextAttemptAt: nextAttempt?.toISOString() ?? null,
        reason: `The payment was declined (attempt ${Math.max(1, invoice.attempt_count ?? 1)}); ${
          nextAttempt ? `it is tried again on ${nextAttempt.toISOString().slice(0, 10)}.` : 'no further attempt is scheduled.'
        }`,
      },
    },
  });
  if (subscriptionId) {
    const settings = await readBillingSettings(tx);
    const attempts = Math.max(1, invoice.attempt_count ?? 1);
    // The first attempt plus payment_retries retries; after the last one the subscription is suspended (unpaid) if so set.
    const exhausted = attempts > settings.paymentRetries || (invoice.next_payment_attempt == null && attempts > 1);
    const status: SubscriptionStatus = exhausted && settings.suspendAfterFailures ? 'unpaid' : 'past_due';
    await tx
      .update(organizationSubscriptions)
      .set({ status, failedPaymentCount: attempts, updatedAt: new Date() })
      .where(
        and(
          eq(organizationSubscriptions.provider, provider),
          eq(organizationSubscriptions.providerSubscriptionId, subscriptionId),
          ne(organizationSubscriptions.status, 'canceled'),
        ),
      );
    const tier = await applyOrganizationTier(tx, organizationId);
    outcome += `; subscription ${status}; organization tier ${tier}`;
  }
  return { organizationId, userId: null, outcome };
}

async function checkoutCompleted(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  const session = checkoutSessionObject.parse(event.data.object);
  const organizationId = await resolveOrganization(tx, provider, {
    metadataOrganizationId: session.metadata.organization_id ?? session.client_reference_id ?? undefined,
    customerId: session.customer,
  });
  const userId = session.metadata.user_id && UUID_PATTERN.test(session.metadata.user_id) ? session.metadata.user_id : null;
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  if (session.mode === 'subscription') {
    await upsertSubscriber(tx, provider, organizationId, { customerId: session.customer, subscriptionId: session.subscription ?? undefined, email });
    return { organizationId, userId, outcome: `subscription checkout completed (${session.metadata.tier ?? 'tier from the subscription'})` };
  }
  if (session.mode !== 'payment' || session.metadata.kind !== 'token_purchase') {
    return { organizationId, userId, outcome: `checkout in mode ${session.mode} ignored` };
  }
  if (session.customer) await upsertSubscriber(tx, provider, organizationId, { customerId: session.customer, email });
  if (session.payment_status !== 'paid') return { organizationId, userId, outcome: `token checkout not paid yet (${session.payment_status ?? 'unknown'})` };

  const [purchase] = await tx
    .select()
    .from(tokenPurchases)
    .where(and(eq(tokenPurchases.provider, provider), eq(tokenPurchases.providerCheckoutId, session.id)));
  const tokens = purchase?.tokens ?? Number(session.metadata.tokens);
  // Dated by the event, as invoices are by their paid_at: the sandbox's events carry its clock's time, so a purchase
  // made while the clock is ahead falls in the same month as its receipt in the admin's revenue figures.
  const paidAt = toDate(event.created) ?? new Date();
  if (!Number.isInteger(tokens) || tokens <= 0) throw new AppError('VALIDATION_ERROR', `Token checkout ${session.id} names no token amount.`);
  if (purchase) {
    await tx
      .update(tokenPurchases)
      .set({ status: 'paid', completedAt: paidAt, providerPaymentId: session.payment_intent ?? null })
      .where(eq(tokenPurchases.id, purchase.id));
  } else {
    // A checkout Parley did not record (created in Stripe's dashboard, or the row was lost): record it now.
    await tx.insert(tokenPurchases).values({
      organizationId,
      packageId: null,
      packageName: session.metadata.package_name ?? `${tokens.toLocaleString('en-US')} tokens`,
      tokens,
      // Before tax, as the purchases Parley records are (the package's price).
      amountCents: session.amount_subtotal ?? session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      provider,
      providerCheckoutId: session.id,
      providerPaymentId: session.payment_intent ?? null,
      status: 'paid',
      createdBy: userId,
      completedAt: paidAt,
    });
  }
  const credited = await creditTokens(tx, {
    organizationId,
    tokens,
    reason: 'purchase',
    reference: `purchase:${provider}:${session.id}`,
    detail: purchase?.packageName ?? session.metadata.package_name ?? null,
  });
  let outcome = credited ? `${tokens} tokens credited` : 'tokens were already credited';
  if ((session.amount_total ?? 0) > 0) {
    const referral = await grantReferralRewardsOnFirstPayment(tx as unknown as Db, organizationId, `${provider}:${session.id}`);
    if (referral.outcome === 'rewarded') outcome += '; referral rewarded';
  }
  return { organizationId, userId, outcome };
}

/**
 * checkout.session.expired: a token checkout left unpaid (Stripe expires a session after 24 hours) is no longer
 * pending. Not one of the seven events the spec lists to configure, so it is handled when the provider sends it and
 * not listed (decisions/0022-payments-and-subscriptions.md). A paid purchase is never touched.
 */
async function checkoutExpired(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  const session = checkoutSessionObject.parse(event.data.object);
  const [expired] = await tx
    .update(tokenPurchases)
    .set({ status: 'expired' })
    .where(and(eq(tokenPurchases.provider, provider), eq(tokenPurchases.providerCheckoutId, session.id), eq(tokenPurchases.status, 'pending')))
    .returning({ organizationId: tokenPurchases.organizationId });
  return {
    organizationId: expired?.organizationId ?? null,
    userId: null,
    outcome: expired ? 'token purchase expired' : `checkout ${session.id} expired; no pending token purchase`,
  };
}

/**
 * charge.refunded: the refunded share of a token purchase leaves the token balance, as refund rows of the ledger — the
 * share of the package's tokens that the refunded amount is of the amount paid, less what earlier refunds of it took.
 * Tokens already used cannot be taken back, so a refund takes at most the balance. A fully refunded purchase is
 * marked refunded. Charges that are not a token purchase's (subscription invoices) change no balance.
 */
async function chargeRefunded(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  const charge = chargeObject.parse(event.data.object);
  if (!charge.payment_intent) return { organizationId: null, userId: null, outcome: `charge ${charge.id} refunded; no payment to match` };
  const [purchase] = await tx
    .select()
    .from(tokenPurchases)
    .where(and(eq(tokenPurchases.provider, provider), eq(tokenPurchases.providerPaymentId, charge.payment_intent)));
  if (!purchase) return { organizationId: null, userId: null, outcome: `charge ${charge.id} refunded; not a token purchase` };
  const organizationId = purchase.organizationId;
  const share = charge.amount > 0 ? Math.min(1, charge.amount_refunded / charge.amount) : 1;
  const refundTokens = Math.round(purchase.tokens * share);
  const prefix = `refund:${provider}:${purchase.id}:`;
  // The month counter's lock: a refund and a use past the allowance never both take the last tokens.
  await lockMonthUsage(tx, organizationId);
  const already = await refundedTokens(tx, organizationId, prefix);
  const taken = await takeFromBalance(tx, {
    organizationId,
    tokens: refundTokens - already,
    reason: 'refund',
    reference: `${prefix}${charge.amount_refunded}`,
    detail: purchase.packageName,
  });
  if (charge.refunded || share >= 1) await tx.update(tokenPurchases).set({ status: 'refunded' }).where(eq(tokenPurchases.id, purchase.id));
  return { organizationId, userId: purchase.createdBy ?? null, outcome: `token purchase refunded: ${taken} tokens taken from the balance` };
}

/** Applies one verified event inside the caller's transaction. Unknown types are recorded and otherwise ignored. */
export async function applyBillingEvent(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return upsertSubscription(tx, provider, event, false);
    case 'customer.subscription.deleted':
      return upsertSubscription(tx, provider, event, true);
    case 'checkout.session.completed':
      return checkoutCompleted(tx, provider, event);
    case 'checkout.session.expired':
      return checkoutExpired(tx, provider, event);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoicePaid(tx, provider, event);
    case 'invoice.payment_failed':
      return invoicePaymentFailed(tx, provider, event);
    case 'charge.refunded':
      return chargeRefunded(tx, provider, event);
    default:
      return { organizationId: null, userId: null, outcome: `event type ${event.type} is not handled` };
  }
}
