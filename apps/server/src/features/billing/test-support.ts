import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { organizationMembers, subscriptionTierLimits, tokenPackages } from '../../db/schema/index';
import { createSignedInUser, type TestContext } from '../../test/harness';

/** Test helpers for the billing tests (not imported by the app). */

export const WEBHOOK_SECRET = 'whsec_test_parley_billing_0123456789';

/** A signed-in customer and the organization they own. */
export async function customerWithOrganization(c: TestContext) {
  const user = await createSignedInUser(c);
  const [membership] = await c.database.db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, user.userId))
    .orderBy(asc(organizationMembers.createdAt));
  return { ...user, organizationId: membership!.organizationId };
}

/** The Pro tier (created once per database): more tokens and chatbots than free, a monthly and an annual price. */
export async function ensureProTier(c: TestContext, prices: { monthly?: string; annual?: string } = {}) {
  await c.database.db
    .insert(subscriptionTierLimits)
    .values({
      tier: 'pro',
      displayName: 'Pro',
      description: 'For growing teams',
      monthlyTokenLimit: 2_000_000,
      maxHandoffsPerMonth: 500,
      maxChatbots: 25,
      priceMonthlyCents: 4900,
      priceAnnualCents: 49000,
      stripePriceIdMonthly: prices.monthly ?? 'price_pro_monthly',
      stripePriceIdAnnual: prices.annual ?? 'price_pro_annual',
      sortOrder: 2,
    })
    .onConflictDoNothing();
}

export async function createTokenPackage(c: TestContext, tokens = 50_000, priceCents = 1500) {
  const [row] = await c.database.db
    .insert(tokenPackages)
    .values({ name: `${tokens} tokens`, tokens, priceCents })
    .returning();
  return row!;
}

/** A Stripe-shaped event, serialized, with a stripe-signature header made by the real SDK. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string; timestamp?: number; created?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return { payload, header };
}

export function postWebhook(c: TestContext, event: { payload: string; header: string }) {
  return c.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.payload,
  });
}

/** A paid token-purchase checkout session as Stripe sends it in checkout.session.completed. */
export function tokenCheckout(organizationId: string, tokens: number, id = `cs_test_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    customer: `cus_test_${organizationId.slice(0, 8)}`,
    amount_total: 1500,
    currency: 'usd',
    payment_intent: `pi_${id}`,
    metadata: { organization_id: organizationId, kind: 'token_purchase', tokens: String(tokens) },
  };
}

/** A Stripe subscription object on the Pro tier's monthly price, as the subscription events carry it. */
export function stripeSubscription(organizationId: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `sub_test_${Math.random().toString(36).slice(2)}`,
    object: 'subscription',
    customer: `cus_test_${organizationId.slice(0, 8)}`,
    status: 'active',
    cancel_at_period_end: false,
    metadata: { organization_id: organizationId, tier: 'pro', interval: 'month' },
    items: {
      object: 'list',
      data: [
        {
          current_period_start: now,
          current_period_end: now + 30 * 86400,
          price: { id: 'price_pro_monthly', unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' } },
        },
      ],
    },
    ...overrides,
  };
}
