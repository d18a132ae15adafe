import { asc, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  billingEvents,
  invoices,
  organizations,
  organizationSubscriptions,
  subscribers,
  tokenCredits,
  tokenPurchases,
  webhookConfigs,
  webhookDeliveries,
  webhookEvents,
} from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';
import { tokenBalance } from '../../services/token-ledger';
import {
  WEBHOOK_SECRET,
  createTokenPackage,
  customerWithOrganization,
  ensureProTier,
  postWebhook,
  signedEvent,
  stripeSubscription,
  tokenCheckout,
} from './test-support';

const now = () => Math.floor(Date.now() / 1000);

const subscription = stripeSubscription;

describeEachDatabase(
  'billing webhooks (signed by the stripe SDK)',
  (ctx) => {
    const eventCount = async () => Number((await ctx().database.db.select({ n: count() }).from(billingEvents))[0]!.n);

    it('a valid subscription event is processed once: the tier applies, the event is recorded with its processing time', async () => {
      const c = ctx();
      await ensureProTier(c);
      const seen: string[] = [];
      const off = c.app.billing.onEventProcessed((row) => {
        seen.push(`${row.eventType}:${row.status}`);
      });
      const customer = await customerWithOrganization(c);
      const event = signedEvent('customer.subscription.created', subscription(customer.organizationId));
      const response = await postWebhook(c, event);
      off();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false, status: 'processed' });
      const [org] = await c.database.db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, customer.organizationId));
      expect(org!.tier).toBe('pro');
      const eventId = (JSON.parse(event.payload) as { id: string }).id;
      const [row] = await c.database.db.select().from(billingEvents).where(eq(billingEvents.providerEventId, eventId));
      expect(row).toMatchObject({
        provider: 'stripe',
        eventType: 'customer.subscription.created',
        status: 'processed',
        organizationId: customer.organizationId,
        error: null,
      });
      expect(row!.processingTimeMs).toBeGreaterThanOrEqual(0);
      expect(row!.data.processing_time_ms).toBe(row!.processingTimeMs);
      expect(seen).toEqual(['customer.subscription.created:processed']);

      // The usage limits follow the tier.
      const usage = await c.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: customer.cookie } });
      expect(usage.statusCode, usage.body).toBe(200);
      expect(usage.json()).toMatchObject({
        tier: { tier: 'pro' },
        limits: { maxChatbots: 25, monthlyTokenLimit: 2_000_000 },
        subscription: { status: 'active' },
      });
    });

    it('the same event delivered twice, and twice at once, has one effect and one record', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const event = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 7000));
      const first = await postWebhook(c, event);
      const second = await postWebhook(c, event);
      expect(first.json()).toMatchObject({ duplicate: false, status: 'processed' });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ duplicate: true, status: 'duplicate' });

      const parallel = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 3000));
      const answers = await Promise.all([postWebhook(c, parallel), postWebhook(c, parallel), postWebhook(c, parallel)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => (a.json() as { duplicate: boolean }).duplicate)).toHaveLength(2);

      const credits = await c.database.db.select().from(tokenCredits).where(eq(tokenCredits.organizationId, customer.organizationId));
      expect(credits.map((r) => r.tokens).sort()).toEqual([3000, 7000]);
      const ids = [event, parallel].map((e) => (JSON.parse(e.payload) as { id: string }).id);
      for (const id of ids) expect(await c.database.db.select().from(billingEvents).where(eq(billingEvents.providerEventId, id))).toHaveLength(1);
    });

    it("a new customer's first purchases arriving at once are all processed, with one subscriber row", async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      // Eight different checkouts of one organization, none of them known yet, delivered together (Stripe uses several
      // connections): each would create the organization's subscriber row.
      const events = Array.from({ length: 8 }, (_, i) => signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 100 + i)));
      // Stripe delivers again what is not answered 2xx. On a loaded machine a delivery can be refused a database
      // connection (the shared test PostgreSQL's max_connections, or the pool's timeout) and get the designed 503 with
      // Retry-After (CI saw one, 0.4 s into the test), which Stripe answers by delivering it again.
      const deliver = async (event: { payload: string; header: string }) => {
        for (let attempt = 1; ; attempt++) {
          const answer = await postWebhook(c, event);
          if (answer.statusCode !== 503 || attempt === 3) return answer;
        }
      };
      const answers = await Promise.all(events.map(deliver));
      expect(answers.map((a) => `${a.statusCode} ${(a.json() as { status?: string }).status}`)).toEqual(events.map(() => '200 processed'));
      const credits = await c.database.db.select().from(tokenCredits).where(eq(tokenCredits.organizationId, customer.organizationId));
      expect(credits).toHaveLength(8);
      expect(await c.database.db.select().from(subscribers).where(eq(subscribers.organizationId, customer.organizationId))).toHaveLength(1);
    });

    it('a bad signature gets 400 and writes nothing; so do a missing header and another secret', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const before = await eventCount();
      const event = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000));
      const tampered = { payload: event.payload.replace('5000', '9000000'), header: event.header };
      const wrongSecret = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000), { secret: 'whsec_someone_else' });
      for (const bad of [tampered, wrongSecret, { payload: event.payload, header: 't=1,v1=abc' }]) {
        const response = await postWebhook(c, bad);
        expect(response.statusCode).toBe(400);
        expect((response.json() as { message: string }).message).toMatch(/signature/i);
      }
      const missing = await c.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: event.payload,
      });
      expect(missing.statusCode).toBe(400);
      expect(await eventCount()).toBe(before);
      expect(await c.database.db.select().from(tokenCredits).where(eq(tokenCredits.organizationId, customer.organizationId))).toHaveLength(0);
    });

    it('a timestamp outside the tolerance window is rejected (a replay)', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const before = await eventCount();
      const old = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000), { timestamp: now() - 600 });
      const response = await postWebhook(c, old);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toContain('tolerance');
      expect(await eventCount()).toBe(before);
      // The window holds ahead as well: an event dated an hour in the future, correctly signed, is refused too.
      const ahead = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000), { timestamp: now() + 3600 });
      const future = await postWebhook(c, ahead);
      expect(future.statusCode).toBe(400);
      expect((future.json() as { message: string }).message).toContain('tolerance');
      expect(await eventCount()).toBe(before);
      // Inside the window (4 minutes old, or 4 minutes ahead) it is accepted.
      const ahead4 = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000), { timestamp: now() + 240 });
      expect((await postWebhook(c, ahead4)).statusCode).toBe(200);
      const recent = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 5000), { timestamp: now() - 240 });
      expect((await postWebhook(c, recent)).statusCode).toBe(200);
    });

    it('a token purchase credits the balance exactly once and marks the purchase paid', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const pack = await createTokenPackage(c, 25_000, 900);
      const checkoutId = 'cs_test_recorded_purchase_1';
      await c.database.db.insert(tokenPurchases).values({
        organizationId: customer.organizationId,
        packageId: pack.id,
        packageName: pack.name,
        tokens: pack.tokens,
        amountCents: pack.priceCents,
        provider: 'stripe',
        providerCheckoutId: checkoutId,
      });
      const event = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 999, checkoutId));
      // A redelivery of the same checkout under a new event id (Stripe can send one) still credits once.
      const again = signedEvent('checkout.session.completed', tokenCheckout(customer.organizationId, 999, checkoutId));
      await Promise.all([postWebhook(c, event), postWebhook(c, event), postWebhook(c, again)]);
      expect(await tokenBalance(c.database.db, customer.organizationId)).toBe(25_000);
      const [purchase] = await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.providerCheckoutId, checkoutId));
      expect(purchase).toMatchObject({ status: 'paid', tokens: 25_000 });
      const balance = await c.app.inject({ method: 'GET', url: '/api/billing/tokens', headers: { cookie: customer.cookie } });
      expect(balance.json()).toMatchObject({ creditBalance: 25_000 });
    });

    it('failed renewals: past_due, then unpaid after the retries (suspended to free); a payment restores the plan', async () => {
      const c = ctx();
      await ensureProTier(c);
      const customer = await customerWithOrganization(c);
      const sub = subscription(customer.organizationId);
      expect((await postWebhook(c, signedEvent('customer.subscription.created', sub))).statusCode).toBe(200);
      const invoice = (attempt: number, status = 'open') => ({
        id: 'in_test_renewal_1',
        object: 'invoice',
        number: 'TEST-0001',
        customer: sub.customer,
        status,
        total: 4900,
        amount_due: 4900,
        amount_paid: status === 'paid' ? 4900 : 0,
        currency: 'usd',
        attempt_count: attempt,
        next_payment_attempt: attempt > 3 ? null : now() + 3 * 86400,
        parent: { subscription_details: { subscription: sub.id, metadata: { organization_id: customer.organizationId } } },
        metadata: {},
      });
      const state = async () => {
        const [s] = await c.database.db.select().from(organizationSubscriptions).where(eq(organizationSubscriptions.providerSubscriptionId, sub.id));
        const [o] = await c.database.db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, customer.organizationId));
        const [i] = await c.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_test_renewal_1'));
        return { status: s!.status, failed: s!.failedPaymentCount, tier: o!.tier, invoice: i!.status };
      };
      await postWebhook(c, signedEvent('invoice.payment_failed', invoice(1)));
      expect(await state()).toEqual({ status: 'past_due', failed: 1, tier: 'pro', invoice: 'failed' });
      await postWebhook(c, signedEvent('invoice.payment_failed', invoice(4)));
      expect(await state()).toEqual({ status: 'unpaid', failed: 4, tier: 'free', invoice: 'failed' });
      await postWebhook(c, signedEvent('invoice.paid', invoice(5, 'paid')));
      expect(await state()).toEqual({ status: 'active', failed: 0, tier: 'pro', invoice: 'paid' });
    });

    it("the customer's webhooks hear subscription.updated on real changes and payment.failed, in the event's transaction", async () => {
      const c = ctx();
      await ensureProTier(c);
      const customer = await customerWithOrganization(c);
      await c.database.db.insert(webhookConfigs).values({
        organizationId: customer.organizationId,
        name: 'Billing listener',
        url: 'https://hooks.example.com/billing',
        eventTypes: ['subscription.updated', 'payment.failed'],
        secretEncrypted: 'unused by this test',
        secretHint: 'xxxx',
      });
      const sent = async () =>
        (
          await c.database.db
            .select({ type: webhookEvents.type, payload: webhookEvents.payload })
            .from(webhookEvents)
            .where(eq(webhookEvents.organizationId, customer.organizationId))
            .orderBy(asc(webhookEvents.createdAt))
        ).map((row) => ({ type: row.type, data: (JSON.parse(row.payload) as { data: Record<string, unknown> }).data }));
      const sub = subscription(customer.organizationId);
      await postWebhook(c, signedEvent('customer.subscription.created', sub));
      // The provider's update that changes nothing a customer acts on (its metadata) is not passed on.
      await postWebhook(c, signedEvent('customer.subscription.updated', { ...sub, metadata: { ...sub.metadata, note: 'internal' } }));
      await postWebhook(c, signedEvent('customer.subscription.updated', { ...sub, cancel_at_period_end: true }));
      await postWebhook(
        c,
        signedEvent('invoice.payment_failed', {
          id: 'in_test_webhook_1',
          object: 'invoice',
          number: 'TEST-0002',
          customer: sub.customer,
          status: 'open',
          total: 4900,
          amount_due: 4900,
          amount_paid: 0,
          currency: 'usd',
          attempt_count: 2,
          next_payment_attempt: null,
          parent: { subscription_details: { subscription: sub.id, metadata: { organization_id: customer.organizationId } } },
          metadata: {},
        }),
      );
      const events = await sent();
      expect(events.map((e) => e.type)).toEqual(['subscription.updated', 'subscription.updated', 'payment.failed']);
      expect(events[0]!.data).toMatchObject({
        organizationId: customer.organizationId,
        subscription: { tier: 'pro', status: 'active', previousTier: 'free', organizationTier: 'pro', cancelAtPeriodEnd: false },
      });
      expect(events[1]!.data).toMatchObject({ subscription: { previousTier: 'pro', cancelAtPeriodEnd: true } });
      expect(events[2]!.data).toEqual({
        organizationId: customer.organizationId,
        payment: {
          invoiceId: 'in_test_webhook_1',
          invoiceNumber: 'TEST-0002',
          amountCents: 4900,
          currency: 'usd',
          attempt: 2,
          nextAttemptAt: null,
          reason: 'The payment was declined (attempt 2); no further attempt is scheduled.',
        },
      });
      // Each is queued for the listening webhook.
      expect(Number((await c.database.db.select({ n: count() }).from(webhookDeliveries))[0]!.n)).toBeGreaterThanOrEqual(3);
    });

    it('an event Parley cannot place is recorded as failed with its error, answered 200, and can be processed later', async () => {
      const c = ctx();
      const stranger = { ...subscription('00000000-0000-4000-8000-000000000000'), customer: 'cus_nobody' };
      const event = signedEvent('customer.subscription.updated', stranger);
      const response = await postWebhook(c, event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'failed' });
      const id = (JSON.parse(event.payload) as { id: string }).id;
      const [row] = await c.database.db.select().from(billingEvents).where(eq(billingEvents.providerEventId, id));
      expect(row).toMatchObject({ status: 'failed' });
      expect(row!.error).toContain('No organization');
      expect(row!.data.error).toBe(row!.error);
      expect(typeof row!.data.processing_time_ms).toBe('number');
    });

    it('a signed body that is not an event is refused with 400, not 500', async () => {
      const c = ctx();
      const payload = JSON.stringify({ hello: 'world' });
      const { default: Stripe } = await import('stripe');
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const response = await postWebhook(c, { payload, header });
      expect(response.statusCode).toBe(400);
    });
  },
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
);
