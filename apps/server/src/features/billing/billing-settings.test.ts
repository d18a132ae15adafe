import { and, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { CheckoutResult, InvoicePage, SandboxCheckoutSession, SubscriptionOverview } from '@parley/shared/contracts/billing';
import { billingEvents, billingSettings, emailOutbox, organizationSubscriptions, organizations, sandboxEvents, tokenPurchases } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { signSandboxPayload } from '../../providers/payments/sandbox/events';
import { sandboxWebhookSecret } from '../../services/billing-settings';
import { handleBillingWebhook } from './webhook';
import { createTokenPackage, customerWithOrganization, ensureProTier } from './test-support';
import { pdfText } from '../../test/pdf-text';

/** decisions/0023-billing-settings.md: every billing setting takes effect; here on the sandbox (the Stripe side is in stripe-provider.test.ts). */

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvc: '123', name: 'Ada Lovelace' });
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const DEFAULTS = {
  testMode: true,
  currency: 'usd',
  taxEnabled: false,
  taxRateBasisPoints: 850,
  autoSendInvoices: true,
  trialDays: 14,
  trialRequiresPaymentMethod: false,
  notifyPaymentFailed: true,
  notifyNewSubscription: true,
  notifyCancellation: true,
};

describeEachDatabase('billing settings take effect (sandbox)', (ctx) => {
  const settings = (values: Partial<typeof DEFAULTS>) => ctx().database.db.update(billingSettings).set(values).where(eq(billingSettings.id, 1));
  afterEach(async () => {
    await settings(DEFAULTS);
  });

  const as = (c: TestContext, cookie: string) => ({
    get: async <T>(url: string) => {
      const response = await c.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    },
    post: (url: string, payload: object = {}) => c.app.inject({ method: 'POST', url, headers: { cookie }, payload }),
  });
  /** The billing e-mails sent to an address (sign-up sent its own before). */
  const mails = async (c: TestContext, to: string) =>
    (await c.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).filter((m) => m.kind.startsWith('billing_'));
  const clock = async (c: TestContext, seconds: number) => {
    const admin = await createAdmin(c, 'system_admin');
    const moved = await c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: admin.cookie }, payload: { seconds } });
    expect(moved.statusCode, moved.body).toBe(200);
    return moved.json() as { renewed: number; failed: number; canceled: number };
  };

  it('currency and tax: a token checkout and the invoices of a plan are in the configured currency, with the configured tax', async () => {
    const c = ctx();
    await ensureProTier(c);
    await settings({ currency: 'eur', taxEnabled: true, taxRateBasisPoints: 2000, trialDays: 0 });
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const pack = await createTokenPackage(c, 30_000, 1234);

    const started = await api.post('/api/billing/tokens/checkout', { packageId: pack.id });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = sessionIdOf((started.json() as { url: string }).url);
    const view = await api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${sessionId}`);
    // 20 % of 12.34 is 2.468, rounded to the cent.
    expect(view).toMatchObject({ amountCents: 1234, taxCents: 247, currency: 'eur', trialDays: 0, cardRequired: true });
    const [pending] = await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.providerCheckoutId, sessionId));
    expect(pending).toMatchObject({ currency: 'eur', amountCents: 1234 });
    expect((await api.post(`/api/billing/sandbox/checkout/${sessionId}/pay`, card('4242424242424242'))).json()).toMatchObject({ status: 'complete' });

    const receipts = await api.get<InvoicePage>('/api/billing/invoices');
    expect(receipts.items[0]).toMatchObject({ status: 'paid', amountCents: 1481, currency: 'eur' });
    const pdf = await c.app.inject({ method: 'GET', url: receipts.items[0]!.pdfUrl!, headers: { cookie: customer.cookie } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('2.47 EUR');
    expect(text).toContain('14.81 EUR');
    // The completion event carries the total the customer paid.
    const [completed] = await c.database.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.organizationId, customer.organizationId), eq(billingEvents.eventType, 'checkout.session.completed')));
    expect((completed!.data as { object: { amount_total: number } }).object.amount_total).toBe(1481);

    // A plan (no trial here): the first invoice and the renewal are taxed; after tax is turned off the next one is not.
    const plan = await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' });
    const planSession = sessionIdOf((plan.json() as CheckoutResult).url!);
    expect(await api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${planSession}`)).toMatchObject({ currency: 'eur', taxCents: 980 });
    await api.post(`/api/billing/sandbox/checkout/${planSession}/pay`, card('4242424242424242'));
    expect((await api.get<SubscriptionOverview>('/api/billing/subscription')).subscription).toMatchObject({
      status: 'active',
      currency: 'eur',
      amountCents: 4900,
    });
    // Two invoices issued in the same second: compared as a set, not by their order.
    const amounts = async () => (await api.get<InvoicePage>('/api/billing/invoices')).items.map((i) => `${i.status} ${i.amountCents} ${i.currency}`).sort();
    expect(await amounts()).toEqual(['paid 1481 eur', 'paid 5880 eur']);
    await settings({ taxEnabled: false, currency: 'gbp' });
    await clock(c, 32 * 86400);
    // The running subscription keeps its currency; the renewal is issued without tax.
    expect(await amounts()).toEqual(['paid 1481 eur', 'paid 4900 eur', 'paid 5880 eur']);
    expect((await api.get<{ currency: string }>('/api/billing/tokens')).currency).toBe('gbp');
  });

  it('a trial that needs no payment method starts without a card and ends with the trial; one that needs it asks for a card', async () => {
    const c = ctx();
    await ensureProTier(c);
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const open = async () =>
      sessionIdOf(((await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' })).json() as CheckoutResult).url!);

    await settings({ trialRequiresPaymentMethod: true });
    const guarded = await open();
    expect(await api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${guarded}`)).toMatchObject({ trialDays: 14, cardRequired: true });
    const refused = await api.post(`/api/billing/sandbox/checkout/${guarded}/start-trial`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe('This trial needs a payment method: enter a card.');
    expect((await api.get<SubscriptionOverview>('/api/billing/subscription')).subscription).toBeNull();

    await settings({ trialRequiresPaymentMethod: false });
    const free = await open();
    expect(await api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${free}`)).toMatchObject({ trialDays: 14, cardRequired: false });
    const started = await api.post(`/api/billing/sandbox/checkout/${free}/start-trial`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'complete', redirectUrl: 'http://localhost:3000/dashboard/subscription?checkout=success' });
    const trialing = await api.get<SubscriptionOverview>('/api/billing/subscription');
    expect(trialing).toMatchObject({ tier: { tier: 'pro' }, subscription: { status: 'trialing' } });

    // No card by the end of the trial: the subscription ends, nothing is charged, the organization is on free again.
    const run = await clock(c, 15 * 86400);
    expect(run).toMatchObject({ canceled: 1, failed: 0 });
    const [org] = await c.database.db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, customer.organizationId));
    expect(org!.tier).toBe('free');
    const invoicesAfter = await api.get<InvoicePage>('/api/billing/invoices');
    expect(invoicesAfter.items.map((i) => i.amountCents)).toEqual([0]);

    // The organization had its trial: the next checkout has none, so it cannot start without a card.
    const second = await open();
    expect(await api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${second}`)).toMatchObject({ trialDays: 0, cardRequired: true });
    expect((await api.post(`/api/billing/sandbox/checkout/${second}/start-trial`)).statusCode).toBe(409);
  });

  it('e-mails the owner on a new subscription, a paid invoice, a failed payment and a cancellation, once each, as the settings say', async () => {
    const c = ctx();
    await ensureProTier(c);
    await settings({ trialDays: 0 });
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const plan = await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' });
    const sessionId = sessionIdOf((plan.json() as CheckoutResult).url!);
    await api.post(`/api/billing/sandbox/checkout/${sessionId}/pay`, card('4000000000000341'));

    const kinds = async () => (await mails(c, customer.email)).map((m) => m.kind).sort();
    expect(await kinds()).toEqual(['billing_invoice', 'billing_subscription_created']);
    const [invoiceMail] = (await mails(c, customer.email)).filter((m) => m.kind === 'billing_invoice');
    expect(invoiceMail!.subject).toMatch(/^Invoice INV-\d+: \$49\.00 paid$/);
    expect(invoiceMail!.textBody).toMatch(/The invoice: http:\/\/localhost:3000\/api\/billing\/sandbox\/invoices\/in_sandbox_\S+\/pdf/);

    // A redelivered event (the same id, signed again) is a duplicate and e-mails no one.
    const secret = await sandboxWebhookSecret(c.database.db, c.config);
    for (const stored of (await c.database.db.select().from(sandboxEvents)).filter((e) => e.payload.includes(customer.organizationId))) {
      const again = await handleBillingWebhook(c.app.billing, stored.payload, { 'stripe-signature': signSandboxPayload(stored.payload, secret) });
      expect(again.status).toBe('duplicate');
    }
    expect(await kinds()).toEqual(['billing_invoice', 'billing_subscription_created']);

    // The renewal fails (card 0341): one e-mail about it, naming the next attempt.
    await clock(c, 32 * 86400);
    const failed = (await mails(c, customer.email)).filter((m) => m.kind === 'billing_payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toMatch(/^Payment failed for invoice INV-\d+$/);
    expect(failed[0]!.textBody).toMatch(/^We could not collect \$49\.00 for invoice INV-\d+ of /);
    expect(failed[0]!.textBody).toMatch(/We will try again on \d{4}-\d{2}-\d{2}\./);

    // With the failed-payment e-mail off, the next failed retry e-mails no one; with cancellation on, the end does.
    await settings({ notifyPaymentFailed: false });
    await api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: true });
    await clock(c, 40 * 86400);
    expect((await mails(c, customer.email)).filter((m) => m.kind === 'billing_payment_failed')).toHaveLength(1);
    const ended = (await mails(c, customer.email)).filter((m) => m.kind === 'billing_subscription_canceled');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.subject).toBe('Your Pro subscription has ended');
    expect(ended[0]!.textBody).toContain('The organization is now on the');
  });

  it('"Cancel at period end" e-mails the owner when the plan ends and what happens then, once per scheduling', async () => {
    const c = ctx();
    await ensureProTier(c);
    await settings({ trialDays: 0 });
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const plan = await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' });
    await api.post(`/api/billing/sandbox/checkout/${sessionIdOf((plan.json() as CheckoutResult).url!)}/pay`, card('4242424242424242'));
    const scheduled = async () => (await mails(c, customer.email)).filter((m) => m.kind === 'billing_cancellation_scheduled');
    expect(await scheduled()).toEqual([]);

    const [sub] = await c.database.db.select().from(organizationSubscriptions).where(eq(organizationSubscriptions.organizationId, customer.organizationId));
    const ends = sub!.currentPeriodEnd!.toISOString().slice(0, 10);
    // Two clicks at once schedule it once, and e-mail once.
    const [first, second] = await Promise.all([
      api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: true }),
      api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: true }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [mail, ...more] = await scheduled();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your Pro subscription will end on ${ends}`);
    expect(mail!.textBody).toContain('is set to cancel at the end of its current period');
    expect(mail!.textBody).toContain(`It stays active until ${ends} and nothing more is charged. On that day the organization moves to the Free plan`);
    expect(mail!.textBody).toContain('Resume the subscription before then: http://localhost:3000/dashboard/subscription');
    // Asking again changes nothing and sends nothing; resuming sends nothing; scheduling again is a new confirmation.
    await api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: true });
    await api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: false });
    expect(await scheduled()).toHaveLength(1);
    await api.post('/api/billing/subscription/cancel', { cancelAtPeriodEnd: true });
    expect(await scheduled()).toHaveLength(2);
  });

  it('with the notification and auto-send settings off, billing events e-mail no one; Webhook Tester events never do', async () => {
    const c = ctx();
    await ensureProTier(c);
    await settings({ trialDays: 0, autoSendInvoices: false, notifyNewSubscription: false, notifyCancellation: false });
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const plan = await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'year' });
    await api.post(`/api/billing/sandbox/checkout/${sessionIdOf((plan.json() as CheckoutResult).url!)}/pay`, card('4242424242424242'));
    const [sub] = await c.database.db.select().from(organizationSubscriptions).where(eq(organizationSubscriptions.organizationId, customer.organizationId));
    expect(sub).toMatchObject({ status: 'active' });
    expect(await mails(c, customer.email)).toHaveLength(0);

    // A test event (metadata parley_test) for this organization, with every e-mail on: processed, nobody e-mailed.
    await settings(DEFAULTS);
    const secret = await sandboxWebhookSecret(c.database.db, c.config);
    const payload = JSON.stringify({
      id: 'evt_test_billing_settings_1',
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_test_1',
          object: 'invoice',
          number: 'TEST-1',
          amount_due: 100,
          currency: 'usd',
          attempt_count: 1,
          metadata: { organization_id: customer.organizationId, parley_test: 'true' },
        },
      },
    });
    const outcome = await handleBillingWebhook(c.app.billing, payload, { 'stripe-signature': signSandboxPayload(payload, secret) });
    expect(outcome.status).toBe('processed');
    expect(await mails(c, customer.email)).toHaveLength(0);
  });

  it('test mode off takes real payments only: the sandbox takes no new checkout, and saving credentials follows the mode', async () => {
    const c = ctx();
    await ensureProTier(c);
    const customer = await customerWithOrganization(c);
    const api = as(c, customer.cookie);
    const admin = await createAdmin(c, 'system_admin');
    const configure = (payload: object) => c.app.inject({ method: 'PUT', url: '/api/admin/billing/configuration', headers: { cookie: admin.cookie }, payload });

    // Test mode (the default): a live secret is refused when saved, and nothing is stored.
    const live = await configure({ secretKey: 'sk_live_51AbCdEfGhIjKlMnOp9z8Y' });
    expect(live.statusCode).toBe(400);
    expect((live.json() as { message: string }).message).toContain('Test mode is on: live Stripe credentials');
    const [unchanged] = await c.database.db.select().from(billingSettings);
    expect(unchanged!.stripeSecretKeyEncrypted).toBeNull();

    await settings({ testMode: false });
    const checkout = await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' });
    expect(checkout.statusCode).toBe(409);
    expect((checkout.json() as { message: string }).message).toContain('Test mode is off, so only real payments are taken and the sandbox takes none.');
    const pack = await createTokenPackage(c, 10_000, 500);
    expect((await api.post('/api/billing/tokens/checkout', { packageId: pack.id })).statusCode).toBe(409);
    expect(await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.organizationId, customer.organizationId))).toHaveLength(0);
    // Live mode refuses test credentials when saved.
    expect((await configure({ secretKey: 'sk_test_51AbCdEfGhIjKlMnOp9z8Y' })).statusCode).toBe(400);

    await settings({ testMode: true });
    expect((await api.post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' })).statusCode).toBe(200);
  });
});
