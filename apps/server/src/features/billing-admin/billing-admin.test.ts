import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  adminActivityLogs,
  billingEvents,
  billingSettings,
  invoices,
  organizationMembers,
  organizations,
  organizationSubscriptions,
  stripeAlerts,
  subscribers,
  subscriptionTierLimits,
  tokenPackages,
  tokenPurchases,
} from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { evaluateBillingAlerts } from './alerts';
import { BILLING_WEBHOOK_EVENTS } from '@parley/shared/billing-webhook-events';
import { TWO_DECIMAL_CURRENCY_MESSAGE } from '@parley/shared/constants';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describeEachDatabase('billing admin: /admin/billing and the billing tabs of /admin/pricing', (ctx) => {
  let admin: { cookie: string; userId: string; email: string };
  const get = (url: string, cookie = admin.cookie) => ctx().app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie = admin.cookie) =>
    ctx().app.inject({ method, url, headers: { cookie, origin: 'http://localhost:3000' }, payload: payload as object });
  const db = () => ctx().database.db;

  async function org(name: string) {
    const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await db().insert(organizations).values({ name, slug }).returning();
    return row!;
  }

  /** An organization with a subscriber row and a current subscription. */
  async function customer(
    name: string,
    sub: {
      status: (typeof organizationSubscriptions.$inferInsert)['status'];
      tier?: string;
      interval?: 'month' | 'year';
      amountCents?: number;
      createdAt?: Date;
      canceledAt?: Date | null;
    },
  ) {
    const o = await org(name);
    const [s] = await db()
      .insert(subscribers)
      .values({
        organizationId: o.id,
        email: `${o.slug}@example.com`,
        subscribed: sub.status !== 'canceled',
        tier: sub.tier ?? 'pro',
        provider: 'sandbox',
        stripeCustomerId: `cus_${o.slug}`,
      })
      .returning();
    const [subscription] = await db()
      .insert(organizationSubscriptions)
      .values({
        organizationId: o.id,
        provider: 'sandbox',
        providerSubscriptionId: `sub_${o.slug}`,
        providerCustomerId: `cus_${o.slug}`,
        tier: sub.tier ?? 'pro',
        interval: sub.interval ?? 'month',
        status: sub.status,
        amountCents: sub.amountCents ?? 2900,
        currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000),
        canceledAt: sub.canceledAt ?? null,
        createdAt: sub.createdAt ?? ago(40 * 86_400_000),
      })
      .returning();
    return { org: o, subscriber: s!, subscription: subscription! };
  }

  async function event(type: string, at: Date, status: 'processed' | 'failed' = 'processed') {
    await db()
      .insert(billingEvents)
      .values({
        provider: 'sandbox',
        providerEventId: `evt_${Math.random().toString(36).slice(2)}`,
        eventType: type,
        status,
        error: status === 'failed' ? 'boom' : null,
        processingTimeMs: 12,
        createdAt: at,
      });
  }

  beforeAll(async () => {
    admin = await createAdmin(ctx(), 'system_admin');
    await db()
      .insert(subscriptionTierLimits)
      .values([
        { tier: 'pro', displayName: 'Pro', monthlyTokenLimit: 1_000_000, maxChatbots: 10, priceMonthlyCents: 2900, priceAnnualCents: 29000, sortOrder: 2 },
        {
          tier: 'enterprise',
          displayName: 'Enterprise',
          monthlyTokenLimit: -1,
          maxChatbots: -1,
          priceMonthlyCents: 9900,
          priceAnnualCents: 99000,
          sortOrder: 3,
        },
      ])
      .onConflictDoNothing();
  });

  beforeEach(async () => {
    for (const table of [stripeAlerts, billingEvents, invoices, tokenPurchases, organizationSubscriptions, subscribers]) await db().delete(table);
  });

  it('computes the tiles, the failure windows and the health score exactly from the rows', async () => {
    await customer('Active Co', { status: 'active' });
    await customer('Late Co', { status: 'past_due' });
    await customer('Gone Co', { status: 'canceled', canceledAt: ago(86_400_000) });
    await event('invoice.payment_failed', ago(10 * MINUTE));
    await event('invoice.payment_failed', ago(50 * MINUTE));
    await event('invoice.payment_failed', ago(2 * 86_400_000));
    await event('invoice.payment_failed', ago(20 * 86_400_000));
    await event('invoice.payment_failed', ago(31 * 86_400_000));
    await event('customer.subscription.updated', ago(5 * MINUTE), 'failed');

    const summary = await get('/api/admin/billing/summary');
    expect(summary.statusCode).toBe(200);
    // 6 events, 1 failed; 4 payment failures within 30 days.
    expect(summary.json()).toEqual({ activeSubscriptions: 1, totalEvents: 6, failedPayments30d: 4, successRate: 83.33 });

    const failures = (await get('/api/admin/billing/payment-failures')).json();
    expect(failures).toEqual({ h1: 2, h24: 2, d7: 3, d30: 4, alert: false });

    const subs = (await get('/api/admin/billing/subscription-health')).json();
    expect(subs).toEqual({ total: 3, byStatus: { active: 1, past_due: 1, unpaid: 0, canceled: 1, trialing: 0 } });

    const webhooks = (await get('/api/admin/billing/webhook-health')).json();
    expect(webhooks).toMatchObject({ windowHours: 24, total: 3, failed: 1, failureRate: 33.33, avgProcessingMs: 12 });

    // 100 − 2×5 − (1 of 3 past due)×40 − 30 (33 % of webhook events failed) = 46.67 → 47.
    const health = (await get('/api/admin/billing/health')).json();
    expect(health).toMatchObject({ score: 47, status: 'Degraded', tone: 'critical' });
  });

  it('is Healthy at 100 with nothing recorded', async () => {
    const health = (await get('/api/admin/billing/health')).json();
    expect(health).toMatchObject({ score: 100, status: 'Healthy', tone: 'good', penalties: [] });
    expect((await get('/api/admin/billing/summary')).json()).toEqual({ activeSubscriptions: 0, totalEvents: 0, failedPayments30d: 0, successRate: 100 });
  });

  it('raises each alert once while it is unresolved, and records who resolved it, when and why', async () => {
    const late = await customer('Late Payer', { status: 'past_due' });
    for (let i = 0; i < 3; i += 1) await event('invoice.payment_failed', ago(i * MINUTE));
    expect(await evaluateBillingAlerts(db())).toBe(1); // the past-due subscription; 3 failures is not above 3
    await event('invoice.payment_failed', ago(30 * MINUTE));
    await event('invoice.paid', ago(MINUTE), 'failed');
    // Through the billing core's hook, twice (as after two events): payment failures and webhook failures, once each.
    const [row] = await db().select().from(billingEvents).limit(1);
    await ctx().app.billing.notifyEventProcessed(row!);
    await ctx().app.billing.notifyEventProcessed(row!);
    await Promise.all([evaluateBillingAlerts(db()), evaluateBillingAlerts(db())]);

    const list = (await get('/api/admin/billing/alerts')).json() as { items: { id: string; kind: string; subject: string; severity: string }[] };
    expect(list.items.map((a) => a.kind).sort()).toEqual(['past_due_subscription', 'payment_failures', 'webhook_failures']);
    expect(list.items.find((a) => a.kind === 'past_due_subscription')!.subject).toBe(late.subscription.id);
    expect(list.items.find((a) => a.kind === 'payment_failures')!.severity).toBe('high');

    const target = list.items.find((a) => a.kind === 'payment_failures')!;
    const resolved = await send('POST', `/api/admin/billing/alerts/${target.id}/resolve`, { notes: '  Card processor outage, retried  ' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolvedBy: admin.userId, resolutionNotes: 'Card processor outage, retried' });
    expect(Date.now() - new Date(resolved.json().resolvedAt).getTime()).toBeLessThan(60_000);
    const [stored] = await db().select().from(stripeAlerts).where(eq(stripeAlerts.id, target.id));
    expect(stored).toMatchObject({ resolvedBy: admin.userId, resolutionNotes: 'Card processor outage, retried' });
    const [logged] = await db()
      .select()
      .from(adminActivityLogs)
      .where(and(eq(adminActivityLogs.action, 'billing_alert_resolved'), eq(adminActivityLogs.resourceId, target.id)));
    expect(logged?.adminUserId).toBe(admin.userId);

    expect((await send('POST', `/api/admin/billing/alerts/${target.id}/resolve`, {})).statusCode).toBe(409);
    expect((await get('/api/admin/billing/alerts')).json().items).toHaveLength(2);

    // Notes are optional.
    const other = list.items.find((a) => a.kind === 'webhook_failures')!;
    const plain = await send('POST', `/api/admin/billing/alerts/${other.id}/resolve`, {});
    expect(plain.json()).toMatchObject({ resolvedBy: admin.userId, resolutionNotes: null });
  });

  it('answers 400, not 500, to bad input on every route that takes any', async () => {
    const bad: [string, 'GET' | 'POST' | 'PUT', unknown][] = [
      ['/api/admin/billing/alerts/not-a-uuid/resolve', 'POST', {}],
      ['/api/admin/billing/alerts/00000000-0000-4000-8000-000000000000/resolve', 'POST', { notes: 'x'.repeat(1001) }],
      ['/api/admin/billing/webhook-test', 'POST', { eventType: 'charge.refunded' }],
      ['/api/admin/billing/webhook-test', 'POST', {}],
      ['/api/admin/billing/payment-flows/refund', 'POST', {}],
      ['/api/admin/billing/payment-flows/token-checkout', 'POST', { packageId: 'nope' }],
      ['/api/admin/billing/product-sync', 'PUT', { mappings: [] }],
      ['/api/admin/billing/product-sync', 'PUT', { mappings: [{ tier: 'pro', stripePriceIdMonthly: 'price id; drop', stripePriceIdAnnual: null }] }],
      ['/api/admin/billing/configuration', 'PUT', { secretKey: 'not-a-key' }],
      ['/api/admin/billing/configuration', 'PUT', {}],
      ['/api/admin/billing/revenue?months=0', 'GET', undefined],
      ['/api/admin/billing/revenue?months=abc', 'GET', undefined],
      ['/api/admin/billing/subscriptions?status=paused', 'GET', undefined],
      ['/api/admin/billing/subscriptions?page=0', 'GET', undefined],
      ['/api/admin/billing/customers?status=unpaid', 'GET', undefined],
      ['/api/admin/billing/customers/123', 'GET', undefined],
      ['/api/admin/billing/invoices?status=lost', 'GET', undefined],
      ['/api/admin/billing/invoices/123/retry', 'POST', {}],
      ['/api/admin/billing/settings', 'PUT', {}],
    ];
    for (const [url, method, payload] of bad) {
      const response = method === 'GET' ? await get(url) : await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    }
  });

  it('lists the latest 50 billing events, 20 subscribers and 20 invoices, newest first', async () => {
    for (let i = 0; i < 55; i += 1) await event(i % 2 ? 'invoice.paid' : 'customer.subscription.updated', ago((55 - i) * MINUTE));
    const events = (await get('/api/admin/billing/events')).json().items as { createdAt: string }[];
    expect(events).toHaveLength(50);
    expect(new Date(events[0]!.createdAt).getTime()).toBeGreaterThan(new Date(events[49]!.createdAt).getTime());
    expect((await get('/api/admin/billing/subscribers')).json().items).toEqual([]);
    expect((await get('/api/admin/billing/recent-invoices')).json().items).toEqual([]);
  });

  it('sends a signed test event through the real webhook endpoint; it shows in the billing events, marked, and counts in no health figure', async () => {
    const result = await send('POST', '/api/admin/billing/webhook-test', { eventType: 'invoice.payment_failed' });
    expect(result.statusCode).toBe(200);
    const body = result.json();
    expect(body.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.eventId).toMatch(/^evt_test_/);
    expect(body.processed).toMatchObject({ eventType: 'invoice.payment_failed', stripeEventId: body.eventId, error: null });
    const events = (await get('/api/admin/billing/events')).json().items as { stripeEventId: string; isTest: boolean }[];
    expect(events.find((e) => e.stripeEventId === body.eventId)).toMatchObject({ isTest: true });
    // A tester's payment failure is no customer's failed payment: the windows, the tiles, the webhook health, the score
    // and the alerts leave it out.
    for (let i = 0; i < 4; i += 1) await send('POST', '/api/admin/billing/webhook-test', { eventType: 'invoice.payment_failed' });
    expect((await get('/api/admin/billing/payment-failures')).json()).toEqual({ h1: 0, h24: 0, d7: 0, d30: 0, alert: false });
    expect((await get('/api/admin/billing/summary')).json()).toMatchObject({ totalEvents: 0, failedPayments30d: 0, successRate: 100 });
    expect((await get('/api/admin/billing/webhook-health')).json()).toMatchObject({ total: 0, failed: 0 });
    expect((await get('/api/admin/billing/health')).json()).toMatchObject({ score: 100, status: 'Healthy', penalties: [] });
    expect(await evaluateBillingAlerts(db())).toBe(0);
    // A real one still counts.
    await event('invoice.payment_failed', ago(MINUTE));
    expect((await get('/api/admin/billing/payment-failures')).json().h1).toBe(1);
  });

  it("every event type of the tester is processed in full for the admin's organization and leaves its billing as it was", async () => {
    const user = await createAdmin(ctx(), 'system_admin');
    const billingOf = async (organizationId: string) => ({
      tier: (await db().select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, organizationId)))[0]?.tier,
      subscriptions: (await db().select().from(organizationSubscriptions).where(eq(organizationSubscriptions.organizationId, organizationId))).length,
      subscribers: (await db().select().from(subscribers).where(eq(subscribers.organizationId, organizationId))).length,
      invoices: (await db().select().from(invoices).where(eq(invoices.organizationId, organizationId))).length,
      purchases: (await db().select().from(tokenPurchases).where(eq(tokenPurchases.organizationId, organizationId))).length,
    });
    let organizationId: string | null = null;
    let before: Awaited<ReturnType<typeof billingOf>> | null = null;
    for (const { type } of BILLING_WEBHOOK_EVENTS) {
      const body = (await send('POST', '/api/admin/billing/webhook-test', { eventType: type }, user.cookie)).json();
      expect(body, type).toMatchObject({ success: true, status: 200, processed: { eventType: type, error: null } });
      expect(body.processed.data.outcome, type).toMatch(/^test event, rolled back: /);
      organizationId ??= body.processed.organizationId;
      expect(body.processed.organizationId).toBe(organizationId);
      before ??= await billingOf(organizationId!);
    }
    // Applied for real, the subscription events would have left a subscription, the invoice events invoices and the
    // checkout a purchase of 1,000 tokens: none of it stayed.
    expect(await billingOf(organizationId!)).toEqual({ tier: 'free', subscriptions: 0, subscribers: 0, invoices: 0, purchases: 0 });
    expect(before).toEqual(await billingOf(organizationId!));
  });

  it('runs the payment test steps against the sandbox, creating the personal organization when the admin has none', async () => {
    const user = await createAdmin(ctx(), 'system_admin');
    await db().delete(organizationMembers).where(eq(organizationMembers.userId, user.userId));
    const [pack] = await db().insert(tokenPackages).values({ name: 'Test pack', tokens: 10_000, priceCents: 999 }).returning();

    const tokens = await send('POST', '/api/admin/billing/payment-flows/token-checkout', { packageId: pack!.id }, user.cookie);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ step: 'token-checkout', status: 'success', provider: 'sandbox', organizationCreated: true });
    expect(tokens.json().url).toMatch(/checkout/);
    const [personal] = await db().select().from(organizations).where(eq(organizations.id, tokens.json().organizationId));
    expect(personal!.slug).toBe(`personal-${user.userId.slice(0, 8)}`);
    const [membership] = await db().select().from(organizationMembers).where(eq(organizationMembers.userId, user.userId));
    expect(membership).toMatchObject({ organizationId: personal!.id, role: 'owner' });

    const checkout = await send('POST', '/api/admin/billing/payment-flows/checkout', { tier: 'pro' }, user.cookie);
    expect(checkout.json()).toMatchObject({ step: 'checkout', status: 'success', organizationCreated: false, organizationId: personal!.id });
    expect((await send('POST', '/api/admin/billing/payment-flows/checkout', { tier: 'free' }, user.cookie)).json().status).toBe('error');

    // No customer at the provider until a checkout completes: the portal step says so.
    const portal = await send('POST', '/api/admin/billing/payment-flows/customer-portal', {}, user.cookie);
    expect(portal.json()).toMatchObject({ step: 'customer-portal', status: 'error' });
  });

  it('loads products from the provider and saves price ids onto tiers, free excluded, with an activity entry', async () => {
    const loaded = await get('/api/admin/billing/product-sync');
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().provider).toBe('sandbox');
    expect((loaded.json().tiers as { tier: string }[]).map((t) => t.tier)).toEqual(expect.arrayContaining(['pro', 'enterprise']));
    expect((loaded.json().tiers as { tier: string }[]).map((t) => t.tier)).not.toContain('free');

    const saved = await send('PUT', '/api/admin/billing/product-sync', {
      mappings: [
        { tier: 'pro', stripePriceIdMonthly: 'price_pro_m', stripePriceIdAnnual: 'price_pro_y' },
        { tier: 'free', stripePriceIdMonthly: 'price_free', stripePriceIdAnnual: null },
        { tier: 'nope', stripePriceIdMonthly: '', stripePriceIdAnnual: null },
      ],
    });
    expect(saved.json()).toEqual({ updated: 1, failed: ['free', 'nope'] });
    const [pro] = await db().select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'pro'));
    expect(pro).toMatchObject({ stripePriceIdMonthly: 'price_pro_m', stripePriceIdAnnual: 'price_pro_y' });
    const [free] = await db().select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'free'));
    expect(free!.stripePriceIdMonthly).toBeNull();
    const logs = await db().select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'tier_prices_synced'));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('computes MRR, churn, revenue and plan distribution from the billing tables', async () => {
    const a = await customer('Monthly Pro', { status: 'active', tier: 'pro', amountCents: 2900 });
    await customer('Annual Pro', { status: 'active', tier: 'pro', interval: 'year', amountCents: 29000 });
    await customer('Late Enterprise', { status: 'past_due', tier: 'enterprise', amountCents: 9900 });
    await customer('Cancelled', { status: 'canceled', tier: 'pro', canceledAt: ago(5 * 86_400_000) });
    await customer('Trial', { status: 'trialing', tier: 'pro', createdAt: ago(86_400_000) });
    await db()
      .insert(invoices)
      .values([
        {
          provider: 'sandbox',
          providerInvoiceId: 'in_1',
          providerSubscriptionId: a.subscription.providerSubscriptionId,
          organizationId: a.org.id,
          status: 'paid',
          amountCents: 2900,
          paidAt: ago(MINUTE),
          number: 'INV-1000',
          description: 'Pro monthly',
        },
        {
          provider: 'sandbox',
          providerInvoiceId: 'in_2',
          providerSubscriptionId: a.subscription.providerSubscriptionId,
          organizationId: a.org.id,
          status: 'failed',
          amountCents: 2900,
          number: 'INV-1001',
          description: 'Pro renewal',
        },
      ]);
    // The receipt of a one-time payment (no subscription) is the token purchase below, counted once.
    await db()
      .insert(invoices)
      .values({ provider: 'sandbox', providerInvoiceId: 'in_receipt', organizationId: a.org.id, status: 'paid', amountCents: 500, paidAt: ago(MINUTE) });
    await db()
      .insert(tokenPurchases)
      .values({
        organizationId: a.org.id,
        packageName: 'Pack',
        tokens: 10_000,
        amountCents: 500,
        provider: 'sandbox',
        providerCheckoutId: 'cs_1',
        status: 'paid',
        completedAt: ago(MINUTE),
      });

    const analytics = (await get('/api/admin/billing/analytics')).json();
    // 2900 + 29000/12 (2417) + 9900; trialing and cancelled bring nothing.
    expect(analytics).toMatchObject({
      mrrCents: 15217,
      arrCents: 15217 * 12,
      activeSubscriptions: 2,
      trialingSubscriptions: 1,
      payingCustomers: 3,
      arpuCents: 5072,
      revenue30dCents: 3400,
      tokenRevenue30dCents: 500,
      cancelled30d: 1,
      failedInvoices30d: 1,
      // 4 live 30 days ago (the trial came later), 1 cancelled since.
      churnRate30d: 25,
    });
    expect(analytics.planDistribution).toEqual([
      { tier: 'enterprise', displayName: 'Enterprise', subscriptions: 1, mrrCents: 9900 },
      { tier: 'pro', displayName: 'Pro', subscriptions: 3, mrrCents: 5317 },
    ]);

    const revenue = (await get('/api/admin/billing/revenue?months=3')).json();
    expect(revenue.months).toHaveLength(3);
    const current = revenue.months[2];
    expect(current).toMatchObject({
      revenueCents: 3400,
      subscriptionRevenueCents: 2900,
      tokenRevenueCents: 500,
      activeAtEnd: 4,
      plans: { pro: 3, enterprise: 1 },
    });
  });

  it('searches, filters and pages subscriptions, customers and invoices; exports CSV; retries only failed invoices', async () => {
    const a = await customer('Acme Robotics', { status: 'active', tier: 'pro' });
    await customer('Beta Foods', { status: 'past_due', tier: 'enterprise', amountCents: 9900 });
    await customer('Gamma Gone', { status: 'canceled' });
    await db()
      .insert(invoices)
      .values([
        {
          provider: 'sandbox',
          providerInvoiceId: 'in_a1',
          providerSubscriptionId: a.subscription.providerSubscriptionId,
          organizationId: a.org.id,
          status: 'paid',
          amountCents: 2900,
          paidAt: ago(MINUTE),
          number: 'INV-2000',
          description: 'Pro, November',
        },
        {
          provider: 'sandbox',
          providerInvoiceId: 'in_a2',
          providerSubscriptionId: a.subscription.providerSubscriptionId,
          organizationId: a.org.id,
          status: 'open',
          amountCents: 2900,
          number: 'INV-2001',
          description: '=HYPERLINK("x")',
        },
      ]);

    const all = (await get('/api/admin/billing/subscriptions?pageSize=2')).json();
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
    expect((await get('/api/admin/billing/subscriptions?pageSize=2&page=2')).json().items).toHaveLength(1);
    const pastDue = (await get('/api/admin/billing/subscriptions?status=past_due')).json();
    expect(pastDue.items.map((s: { organizationName: string }) => s.organizationName)).toEqual(['Beta Foods']);
    expect((await get('/api/admin/billing/subscriptions?plan=enterprise')).json().total).toBe(1);
    expect((await get('/api/admin/billing/subscriptions?search=acme')).json().items[0]).toMatchObject({
      organizationName: 'Acme Robotics',
      tierName: 'Pro',
      mrrCents: 2900,
    });
    expect((await get(`/api/admin/billing/subscriptions?search=${encodeURIComponent('%')}`)).json().total).toBe(0);

    const customers = (await get('/api/admin/billing/customers?status=cancelled')).json();
    expect(customers.items.map((c: { name: string }) => c.name)).toEqual(['Gamma Gone']);
    const acme = (await get('/api/admin/billing/customers?search=acme')).json().items[0];
    expect(acme).toMatchObject({ name: 'Acme Robotics', status: 'active', plan: 'Pro', mrrCents: 2900, totalSpentCents: 2900, email: a.subscriber.email });
    expect(acme.nextBilling).not.toBeNull();
    const detail = (await get(`/api/admin/billing/customers/${acme.id}`)).json();
    expect(detail.invoices).toHaveLength(2);
    expect(detail.subscriptions).toHaveLength(1);
    expect((await get('/api/admin/billing/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const paid = (await get('/api/admin/billing/invoices?status=paid')).json();
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0]).toMatchObject({ number: 'INV-2000', customerName: 'Acme Robotics', amount: 2900, canRetry: false });
    expect((await get('/api/admin/billing/invoices?search=november')).json().total).toBe(1);

    const csv = await get('/api/admin/billing/invoices/export?status=all');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('invoice_id,number,description,customer,email,amount,currency,status,date,due_date,invoice_pdf');
    // A cell that a spreadsheet would run as a formula is neutralised.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);

    const open = paid.items[0] as { id: string };
    expect((await send('POST', `/api/admin/billing/invoices/${open.id}/retry`, {})).statusCode).toBe(409);
    expect((await send('POST', '/api/admin/billing/invoices/00000000-0000-4000-8000-000000000000/retry', {})).statusCode).toBe(404);
  });

  it('saves billing settings, validated, each change in the activity log', async () => {
    const initial = (await get('/api/admin/billing/settings')).json();
    expect(initial).toMatchObject({
      payment: { testMode: true },
      invoicing: { invoicePrefix: 'INV-', nextInvoiceNumber: 1000, dueDays: 30, autoSend: true },
      // Off until an administrator turns it on (decisions/0023-billing-settings.md): tax is charged for real.
      tax: { enabled: false, ratePercent: 8.5 },
      advanced: { retryAttempts: 3, retryIntervalDays: 3, suspendAfterFailures: true, trialDays: 14, trialRequiresPaymentMethod: false },
    });
    const { updatedAt: _u, updatedBy: _b, ...settings } = initial;
    const next = {
      ...settings,
      invoicing: { ...settings.invoicing, invoicePrefix: 'PAR-', dueDays: 14 },
      advanced: { ...settings.advanced, trialDays: 7 },
      tax: { enabled: true, ratePercent: 20 },
    };
    const saved = await send('PUT', '/api/admin/billing/settings', next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      invoicing: { invoicePrefix: 'PAR-', dueDays: 14 },
      advanced: { trialDays: 7 },
      tax: { ratePercent: 20 },
      updatedBy: admin.userId,
    });
    const [row] = await db().select().from(billingSettings);
    expect(row).toMatchObject({ invoicePrefix: 'PAR-', invoiceDueDays: 14, trialDays: 7, taxRateBasisPoints: 2000 });
    const [log] = await db()
      .select()
      .from(adminActivityLogs)
      .where(eq(adminActivityLogs.action, 'billing_settings_updated'))
      .orderBy(sql`${adminActivityLogs.createdAt} desc`)
      .limit(1);
    expect((log!.details as { changes: Record<string, unknown> }).changes).toEqual({
      invoicePrefix: { from: 'INV-', to: 'PAR-' },
      invoiceDueDays: { from: 30, to: 14 },
      taxEnabled: { from: false, to: true },
      taxRateBasisPoints: { from: 850, to: 2000 },
      trialDays: { from: 14, to: 7 },
    });

    for (const broken of [
      { ...next, invoicing: { ...next.invoicing, dueDays: 400 } },
      { ...next, invoicing: { ...next.invoicing, invoicePrefix: 'IN V' } },
      { ...next, advanced: { ...next.advanced, retryAttempts: 11 } },
      { ...next, tax: { enabled: true, ratePercent: 8.555 } },
      { ...next, advanced: { ...next.advanced, trialDays: 1.5 } },
    ]) {
      expect((await send('PUT', '/api/admin/billing/settings', broken)).statusCode).toBe(400);
    }
    // Amounts are kept in cents: a currency without cents (JPY) or with mills (KWD) is refused, saying why.
    for (const currency of ['jpy', 'KWD']) {
      const refused = await send('PUT', '/api/admin/billing/settings', { ...next, payment: { ...next.payment, currency } });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { message: string }).message).toContain(TWO_DECIMAL_CURRENCY_MESSAGE);
    }
    const [after] = await db().select().from(billingSettings);
    expect(after).toMatchObject({ invoicePrefix: 'PAR-', invoiceDueDays: 14, paymentRetries: 3 });
    // Put the spec's values back for the other tests.
    await db().update(billingSettings).set({ invoicePrefix: 'INV-', invoiceDueDays: 30, trialDays: 14, taxEnabled: false, taxRateBasisPoints: 850 });
  });

  it('shows the secrets masked, never whole, and switches the provider with them', async () => {
    const initial = (await get('/api/admin/billing/configuration')).json();
    expect(initial).toMatchObject({
      provider: 'sandbox',
      secretKey: { isSet: false, masked: null, source: 'none' },
      webhookUrl: 'http://localhost:3000/api/webhooks/stripe',
    });
    expect(initial.events).toHaveLength(7);

    const key = 'sk_test_51AbCdEfGhIjKlMnOp9z8Y';
    const saved = await send('PUT', '/api/admin/billing/configuration', { secretKey: key, webhookSecret: 'whsec_abcdefgh12345678' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(key);
    expect(saved.body).not.toContain('whsec_abcdefgh12345678');
    expect(saved.json()).toMatchObject({
      provider: 'stripe',
      secretKey: { isSet: true, source: 'settings' },
      webhookSecret: { isSet: true, source: 'settings' },
    });
    expect(saved.json().secretKey.masked).toMatch(/9z8Y$/);
    const [row] = await db().select().from(billingSettings);
    expect(row!.stripeSecretKeyEncrypted).not.toContain(key);
    const [log] = await db().select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'billing_secrets_updated')).limit(1);
    expect(JSON.stringify(log!.details)).not.toContain(key);

    const cleared = await send('PUT', '/api/admin/billing/configuration', { secretKey: null, webhookSecret: null });
    expect(cleared.json()).toMatchObject({ provider: 'sandbox', secretKey: { isSet: false } });
  });

  it('refuses customers and support staff', async () => {
    const customerUser = await createSignedInUser(ctx());
    expect((await get('/api/admin/billing/health', customerUser.cookie)).statusCode).toBe(403);
    const support = await createAdmin(ctx(), 'support');
    expect((await get('/api/admin/billing/summary', support.cookie)).statusCode).toBe(403);
    expect((await send('PUT', '/api/admin/billing/settings', {}, support.cookie)).statusCode).toBe(403);
  });
});
