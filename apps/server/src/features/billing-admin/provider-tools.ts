import { randomBytes } from 'node:crypto';
import {
  BILLING_ADMIN_MESSAGES,
  type BillingConfiguration,
  type PaymentFlowResult,
  type PaymentFlowStep,
  type ProductSyncResponse,
} from '@parley/shared/contracts/billing-admin';
import { BILLING_WEBHOOK_EVENTS } from '@parley/shared/billing-webhook-events';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { billingEvents, invoices, organizationMembers, organizations, subscribers, subscriptionTierLimits, tokenPackages, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { loadStripe } from '../../lib/lazy-require';
import { logAdminActivity } from '../../services/activity-log';
import { personalOrganizationSlug } from '../../services/identity';
import { assertSubscriptionNotEnded, TEST_EVENT_METADATA, type BillingContext } from '../billing/index';
import { readBillingSettings, resolveStripeSecrets, saveStripeSecrets, sandboxWebhookSecret } from '../../services/billing-settings';
import { toEventItem } from './activity';
import { getInvoice } from './customers';

type Context = { ipAddress: string; userAgent: string | null };

/* ---------------------------------------------------------------- Webhook Tester */

/**
 * A Stripe-shaped object for a test event of each handled type, for the admin's test organization (the one Payment
 * Flows use). It is marked as a test (`parley_test`), so the webhook processes it in full and then rolls its effects
 * back (billing/webhook.ts, isTestEvent): it changes nobody's billing.
 */
function testObject(type: string, suffix: string, organizationId: string, tier: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const metadata = { [TEST_EVENT_METADATA]: 'true', organization_id: organizationId, tier };
  const customer = `cus_test_${suffix}`;
  if (type.startsWith('customer.subscription.'))
    return {
      id: `sub_test_${suffix}`,
      object: 'subscription',
      customer,
      status: type.endsWith('deleted') ? 'canceled' : 'active',
      cancel_at_period_end: false,
      current_period_start: now,
      current_period_end: now + 30 * 86_400,
      metadata,
      items: { data: [{ price: { id: `price_test_${suffix}`, unit_amount: 2900, currency: 'usd', recurring: { interval: 'month' } } }] },
    };
  if (type.startsWith('invoice.'))
    return {
      id: `in_test_${suffix}`,
      object: 'invoice',
      customer,
      status: type === 'invoice.payment_failed' ? 'open' : 'paid',
      amount_due: 2900,
      amount_paid: type === 'invoice.payment_failed' ? 0 : 2900,
      currency: 'usd',
      attempt_count: 1,
      created: now,
      metadata,
    };
  return {
    id: `cs_test_${suffix}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    customer,
    amount_total: 2900,
    currency: 'usd',
    metadata: { ...metadata, kind: 'token_purchase', tokens: '1000', package_name: 'Webhook test' },
  };
}

/**
 * Sends a signed test event through the real ingestion endpoint (POST /api/webhooks/stripe, the whole Fastify
 * pipeline), signed with the configured provider's webhook secret the way Stripe signs (the SDK's test header).
 */
export async function sendTestWebhook(app: FastifyInstance, { eventType, userId }: { eventType: string; userId: string }) {
  if (!BILLING_WEBHOOK_EVENTS.some((e) => e.type === eventType))
    throw new AppError('VALIDATION_ERROR', `Unknown event type: choose one of the ${BILLING_WEBHOOK_EVENTS.length} configured events.`);
  const provider = await app.billing.paymentProvider();
  const secrets = await resolveStripeSecrets(app.db, app.config);
  const secret = provider.name === 'stripe' ? secrets.webhookSecret : await sandboxWebhookSecret(app.db, app.config);
  if (!secret) throw new AppError('CONFLICT', 'No webhook signing secret is configured: set it on the Configuration tab.');
  const organization = await testOrganization(app.db, userId);
  // The subscription events name the first paid tier, as a checkout would.
  const [paid] = await app.db
    .select({ tier: subscriptionTierLimits.tier })
    .from(subscriptionTierLimits)
    .where(ne(subscriptionTierLimits.tier, 'free'))
    .orderBy(asc(subscriptionTierLimits.sortOrder))
    .limit(1);
  const suffix = randomBytes(8).toString('hex');
  const event = {
    id: `evt_test_${suffix}`,
    object: 'event',
    type: eventType,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: testObject(eventType, suffix, organization.id, paid?.tier ?? 'pro') },
  };
  const payload = JSON.stringify(event);
  const signature = loadStripe().webhooks.generateTestHeaderString({ payload, secret });
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // Not JSON: shown as text.
  }
  const [row] = await app.db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.providerEventId, event.id), eq(billingEvents.provider, provider.name)));
  return {
    success: response.statusCode >= 200 && response.statusCode < 300 && row?.status !== 'failed',
    status: response.statusCode,
    statusText: response.statusMessage,
    eventId: event.id,
    eventType,
    response: body,
    processed: row ? toEventItem(row) : null,
  };
}

/* ---------------------------------------------------------------- Payment Flows */

/** The caller's organization for a test (oldest membership), or their personal one, created with an owner membership (spec §7). */
async function testOrganization(db: Db, userId: string): Promise<{ id: string; created: boolean }> {
  const [membership] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt))
    .limit(1);
  if (membership) return { id: membership.organizationId, created: false };
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
      const slug = personalOrganizationSlug(userId);
      await tx
        .insert(organizations)
        .values({ name: user?.name || 'Personal', slug })
        .onConflictDoNothing({ target: organizations.slug });
      const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
      if (!org) throw new Error('organization missing after insert');
      await tx.insert(organizationMembers).values({ organizationId: org.id, userId, role: 'owner' }).onConflictDoNothing();
      return { id: org.id, created: true };
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', BILLING_ADMIN_MESSAGES.orgCreateFailed);
  }
}

/** Runs one test step against the configured provider; the result says success or error with the provider's answer. */
export async function runPaymentFlow(
  billing: BillingContext,
  input: { step: PaymentFlowStep; userId: string; email: string; tier?: string | undefined; interval: 'month' | 'year'; packageId?: string | undefined },
): Promise<PaymentFlowResult> {
  const { db, config } = billing;
  const provider = await billing.paymentProvider();
  let organization: { id: string; created: boolean };
  try {
    organization = await testOrganization(db, input.userId);
  } catch (error) {
    return {
      step: input.step,
      status: 'error',
      message: error instanceof AppError ? error.message : BILLING_ADMIN_MESSAGES.orgCreateFailed,
      url: null,
      organizationId: null,
      organizationCreated: false,
      provider: provider.name,
    };
  }
  const result = (status: 'success' | 'error', message: string, url: string | null = null): PaymentFlowResult => ({
    step: input.step,
    status,
    message,
    url,
    organizationId: organization.id,
    organizationCreated: organization.created,
    provider: provider.name,
  });
  const [subscriber] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.organizationId, organization.id), eq(subscribers.provider, provider.name)));
  const customerId = subscriber?.stripeCustomerId ?? null;
  const back = `${config.publicUrl}/admin/billing?tab=payment-flows`;
  try {
    if (input.step === 'checkout') {
      const [tier] = await db
        .select()
        .from(subscriptionTierLimits)
        .where(
          input.tier ? eq(subscriptionTierLimits.tier, input.tier) : and(ne(subscriptionTierLimits.tier, 'free'), eq(subscriptionTierLimits.isActive, true)),
        )
        .orderBy(asc(subscriptionTierLimits.sortOrder))
        .limit(1);
      if (!tier || tier.tier === 'free') return result('error', input.tier ? `No paid tier "${input.tier}".` : 'No paid tier is configured.');
      const annual = input.interval === 'year';
      const session = await provider.createSubscriptionCheckout({
        organizationId: organization.id,
        userId: input.userId,
        email: input.email,
        customerId,
        tier: tier.tier,
        tierName: tier.displayName,
        interval: input.interval,
        priceId: annual ? tier.stripePriceIdAnnual : tier.stripePriceIdMonthly,
        amountCents: annual ? tier.priceAnnualCents : tier.priceMonthlyCents,
        successUrl: `${back}&checkout=success`,
        cancelUrl: `${back}&checkout=cancelled`,
      });
      return result('success', `Checkout session ${session.id} created for ${tier.displayName} (${input.interval}ly).`, session.url);
    }
    if (input.step === 'token-checkout') {
      const [pack] = await db
        .select()
        .from(tokenPackages)
        .where(input.packageId ? eq(tokenPackages.id, input.packageId) : eq(tokenPackages.isActive, true))
        .orderBy(asc(tokenPackages.tokens))
        .limit(1);
      if (!pack) return result('error', input.packageId ? 'Token package not found.' : 'No active token package is configured.');
      const session = await provider.createTokenCheckout({
        organizationId: organization.id,
        userId: input.userId,
        email: input.email,
        customerId,
        packageId: pack.id,
        packageName: pack.name,
        tokens: pack.tokens,
        amountCents: pack.priceCents,
        currency: 'usd',
        successUrl: `${back}&checkout=success`,
        cancelUrl: `${back}&checkout=cancelled`,
      });
      return result('success', `Token checkout ${session.id} created for ${pack.name} (${pack.tokens} tokens).`, session.url);
    }
    if (!customerId) return result('error', 'This organization has no customer at the provider yet: complete a checkout first, then open the portal.');
    const portal = await provider.createPortalSession({ organizationId: organization.id, customerId, returnUrl: back });
    return result('success', 'Customer portal session created.', portal.url);
  } catch (error) {
    return result(
      'error',
      error instanceof AppError ? error.message : `The provider refused: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`,
    );
  }
}

/* ---------------------------------------------------------------- Product Sync */

const paidTiers = (db: Db) =>
  db
    .select({
      tier: subscriptionTierLimits.tier,
      displayName: subscriptionTierLimits.displayName,
      priceMonthlyCents: subscriptionTierLimits.priceMonthlyCents,
      priceAnnualCents: subscriptionTierLimits.priceAnnualCents,
      stripePriceIdMonthly: subscriptionTierLimits.stripePriceIdMonthly,
      stripePriceIdAnnual: subscriptionTierLimits.stripePriceIdAnnual,
      sortOrder: subscriptionTierLimits.sortOrder,
    })
    .from(subscriptionTierLimits)
    .where(ne(subscriptionTierLimits.tier, 'free'))
    .orderBy(asc(subscriptionTierLimits.sortOrder));

/** Spec §7: the provider's products with their prices, and the tiers (free excluded) with their price ids. */
export async function loadProductSync(billing: BillingContext): Promise<ProductSyncResponse> {
  const { db } = billing;
  const provider = await billing.paymentProvider();
  let products;
  try {
    products = await provider.listProductsAndPrices();
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Could not load products from ${provider.name}: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`,
    );
  }
  return { provider: provider.name, products, tiers: await paidTiers(db) };
}

/** Saves price ids onto tiers by name (spec §7 "update the two price-id fields by tier"); unknown or free tiers are reported as failed. */
export async function saveProductSync(
  db: Db,
  input: { mappings: { tier: string; stripePriceIdMonthly: string | null; stripePriceIdAnnual: string | null }[]; actorId: string },
  context: Context,
) {
  return db.transaction(async (tx) => {
    const failed: string[] = [];
    let updated = 0;
    for (const m of input.mappings) {
      const rows =
        m.tier === 'free'
          ? []
          : await tx
              .update(subscriptionTierLimits)
              .set({ stripePriceIdMonthly: m.stripePriceIdMonthly, stripePriceIdAnnual: m.stripePriceIdAnnual, updatedAt: new Date() })
              .where(eq(subscriptionTierLimits.tier, m.tier))
              .returning({ id: subscriptionTierLimits.id });
      if (rows.length === 0) failed.push(m.tier);
      else updated += 1;
    }
    if (updated > 0)
      await logAdminActivity(
        tx,
        {
          action: 'tier_prices_synced',
          resourceType: 'subscription_tier_limits',
          adminUserId: input.actorId,
          details: { mappings: input.mappings.filter((m) => !failed.includes(m.tier)), failed },
        },
        context,
      );
    return { updated, failed };
  });
}

/* ---------------------------------------------------------------- Invoice retry */

/** Asks the provider to charge a failed invoice again (spec §4: retry only on failed invoices). */
export async function retryFailedInvoice(billing: BillingContext, input: { id: string; actorId: string }, context: Context) {
  const { db } = billing;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, input.id));
  if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found.');
  if (invoice.status !== 'failed') throw new AppError('CONFLICT', 'Only a failed invoice can be retried.');
  if (invoice.providerSubscriptionId) await assertSubscriptionNotEnded(db, invoice.provider, invoice.providerSubscriptionId);
  const provider = await billing.paymentProvider();
  if (provider.name !== invoice.provider)
    throw new AppError('CONFLICT', `This invoice was issued by the ${invoice.provider} provider, which is not the one configured now.`);
  let paid: boolean;
  try {
    ({ paid } = await provider.retryInvoice(invoice.providerInvoiceId));
  } catch (error) {
    throw error instanceof AppError
      ? error
      : new AppError('SERVICE_UNAVAILABLE', `The provider refused the retry: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`);
  }
  await logAdminActivity(
    db,
    {
      action: 'invoice_retry_requested',
      resourceType: 'invoice',
      resourceId: invoice.id,
      adminUserId: input.actorId,
      details: { provider_invoice_id: invoice.providerInvoiceId, paid },
    },
    context,
  );
  return { paid, invoice: await getInvoice(db, invoice.id) };
}

/* ---------------------------------------------------------------- Configuration */

const mask = (prefix: string, hint: string | null | undefined) => (hint ? `${prefix}••••••••${hint}` : null);

/** The Configuration tab: the provider in use, the two secrets masked (never whole), the seven events and the webhook URL. */
export async function billingConfiguration(db: Db, config: Config): Promise<BillingConfiguration> {
  const [secrets, row] = await Promise.all([resolveStripeSecrets(db, config), readBillingSettings(db)]);
  const describe = (source: 'settings' | 'env' | null, hint: string | null, value: string | undefined, prefix: string) => ({
    isSet: source !== null,
    masked: source === 'settings' ? mask(prefix, hint) : source === 'env' && value ? mask(prefix, value.slice(-4)) : null,
    source: source ?? ('none' as const),
  });
  return {
    provider: secrets.secretKey ? 'stripe' : 'sandbox',
    secretKey: describe(secrets.source.secretKey, row.stripeSecretKeyHint, secrets.secretKey, secrets.secretKey?.slice(0, 8) ?? 'sk_'),
    webhookSecret: describe(secrets.source.webhookSecret, row.stripeWebhookSecretHint, secrets.webhookSecret, 'whsec_'),
    webhookUrl: `${config.publicUrl}/api/webhooks/stripe`,
    events: [...BILLING_WEBHOOK_EVENTS],
  };
}

/** Sets, rotates or clears the secrets (sealed by the billing core); the activity entry names which, never the values. */
export async function updateBillingConfiguration(
  db: Db,
  config: Config,
  input: { secretKey?: string | null | undefined; webhookSecret?: string | null | undefined; actorId: string },
  context: Context,
): Promise<BillingConfiguration> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await saveStripeSecrets(txDb, config, {
      ...(input.secretKey !== undefined ? { secretKey: input.secretKey } : {}),
      ...(input.webhookSecret !== undefined ? { webhookSecret: input.webhookSecret } : {}),
      actorId: input.actorId,
    });
    const changed = (value: string | null | undefined) => (value === undefined ? 'unchanged' : value === null ? 'cleared' : 'set');
    await logAdminActivity(
      tx,
      {
        action: 'billing_secrets_updated',
        resourceType: 'billing_settings',
        resourceId: '1',
        adminUserId: input.actorId,
        details: { secret_key: changed(input.secretKey), webhook_secret: changed(input.webhookSecret) },
      },
      context,
    );
  });
  return billingConfiguration(db, config);
}
