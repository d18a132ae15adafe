import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { billingSettings, organizationSubscriptions, subscriptionTierLimits, tokenPurchases } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';
import { resolveStripeSecrets, saveStripeSecrets } from '../../services/billing-settings';
import { WEBHOOK_SECRET, createTokenPackage, customerWithOrganization, ensureProTier, postWebhook, signedEvent } from './test-support';

/** A local stand-in for api.stripe.com: records each request and answers like Stripe would. */
interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}
const requests: Recorded[] = [];
let failNext: { status: number; body: object } | null = null;
let sessions = 0;
/** The Stripe account's tax rates, as taxRates.list and taxRates.create see them. */
const taxRates: { id: string; object: 'tax_rate'; percentage: number; inclusive: boolean; active: boolean; display_name: string }[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });

const stripeApi = createServer((req, res) => {
  void read(req).then((body) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, form: new URLSearchParams(body || url.search) });
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(json));
    };
    if (failNext) {
      const { status, body: error } = failNext;
      failNext = null;
      return send(status, error);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      sessions += 1;
      const id = `cs_test_local_${sessions}`;
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
    }
    if (req.method === 'GET' && url.pathname === '/v1/tax_rates') {
      return send(200, { object: 'list', has_more: false, url: '/v1/tax_rates', data: taxRates.filter((rate) => rate.active) });
    }
    if (req.method === 'POST' && url.pathname === '/v1/tax_rates') {
      const form = new URLSearchParams(body);
      const rate = {
        id: `txr_local_${taxRates.length + 1}`,
        object: 'tax_rate' as const,
        percentage: Number(form.get('percentage')),
        inclusive: form.get('inclusive') === 'true',
        active: true,
        display_name: form.get('display_name') ?? '',
      };
      taxRates.push(rate);
      return send(200, rate);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return send(200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/products') {
      return send(200, { object: 'list', has_more: false, data: [{ id: 'prod_pro', object: 'product', name: 'Pro', description: 'For teams' }] });
    }
    if (req.method === 'GET' && url.pathname === '/v1/prices') {
      return send(200, {
        object: 'list',
        has_more: false,
        data: [
          { id: 'price_pro_monthly', object: 'price', product: 'prod_pro', unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' } },
          { id: 'price_pro_annual', object: 'price', product: 'prod_pro', unit_amount: 49000, currency: 'usd', recurring: { interval: 'year' } },
          { id: 'price_other', object: 'price', product: 'prod_other', unit_amount: 100, currency: 'usd', recurring: null },
        ],
      });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname}).` } });
  });
});
await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));

describeEachDatabase(
  'Stripe provider (the SDK against a local API)',
  (ctx) => {
    beforeEach(() => {
      requests.length = 0;
      failNext = null;
    });
    afterAll(() => {
      taxRates.length = 0;
    });

    it('a tier checkout asks Stripe for a subscription session with the tier price and the organization in the metadata', async () => {
      const c = ctx();
      await ensureProTier(c);
      const customer = await customerWithOrganization(c);
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/billing/subscription/checkout',
        headers: { cookie: customer.cookie },
        payload: { tier: 'pro', interval: 'year' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_local_/), changed: false });
      const [request] = requests;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_local_parley' });
      expect(request!.form.get('mode')).toBe('subscription');
      expect(request!.form.get('line_items[0][price]')).toBe('price_pro_annual');
      expect(request!.form.get('metadata[organization_id]')).toBe(customer.organizationId);
      expect(request!.form.get('subscription_data[metadata][tier]')).toBe('pro');
      expect(request!.form.get('customer_email')).toBe(customer.email);
      expect(request!.form.get('success_url')).toBe('http://localhost:3000/dashboard/subscription?checkout=success');
    });

    it('a tier without a Stripe price id is refused with a message, before any call', async () => {
      const c = ctx();
      await ensureProTier(c);
      await c.database.db.update(subscriptionTierLimits).set({ stripePriceIdMonthly: null }).where(eq(subscriptionTierLimits.tier, 'pro'));
      const customer = await customerWithOrganization(c);
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/billing/subscription/checkout',
        headers: { cookie: customer.cookie },
        payload: { tier: 'pro', interval: 'month' },
      });
      expect(response.statusCode).toBe(409);
      expect((response.json() as { message: string }).message).toContain(
        'has no Stripe price for monthly billing yet. An administrator maps it under Payment-provider Integration Testing → Product Sync.',
      );
      expect(requests).toHaveLength(0);
      await c.database.db.update(subscriptionTierLimits).set({ stripePriceIdMonthly: 'price_pro_monthly' }).where(eq(subscriptionTierLimits.tier, 'pro'));
    });

    it('a token checkout sends price_data, records the purchase pending, and the signed completion credits it', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const pack = await createTokenPackage(c, 80_000, 2500);
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/billing/tokens/checkout',
        headers: { cookie: customer.cookie },
        payload: { packageId: pack.id },
      });
      expect(response.statusCode, response.body).toBe(200);
      const form = requests[0]!.form;
      expect(form.get('mode')).toBe('payment');
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
      expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
      expect(form.get('invoice_creation[enabled]')).toBe('true');
      expect(form.get('metadata[kind]')).toBe('token_purchase');
      const checkoutId = new URL((response.json() as { url: string }).url).pathname.split('/').pop()!;
      const [purchase] = await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.providerCheckoutId, checkoutId));
      expect(purchase).toMatchObject({ provider: 'stripe', status: 'pending', tokens: 80_000 });

      const completed = signedEvent('checkout.session.completed', {
        id: checkoutId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        customer: 'cus_local_1',
        amount_total: 2500,
        metadata: { organization_id: customer.organizationId, kind: 'token_purchase', tokens: '80000' },
      });
      expect((await postWebhook(c, completed)).statusCode).toBe(200);
      const tokens = await c.app.inject({ method: 'GET', url: '/api/billing/tokens', headers: { cookie: customer.cookie } });
      expect(tokens.json()).toMatchObject({ provider: 'stripe', creditBalance: 80_000 });
      // The customer now has a Stripe customer: the portal opens on it.
      const portal = await c.app.inject({ method: 'POST', url: '/api/billing/portal', headers: { cookie: customer.cookie } });
      expect(portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
      expect(requests.at(-1)!.form.get('customer')).toBe('cus_local_1');
    });

    it("lists products with their prices, and a Stripe error becomes a 503 with Stripe's message", async () => {
      const c = ctx();
      const provider = await c.app.billing.paymentProvider();
      expect(provider.name).toBe('stripe');
      expect(await provider.listProductsAndPrices()).toEqual([
        {
          id: 'prod_pro',
          name: 'Pro',
          description: 'For teams',
          prices: [
            { id: 'price_pro_monthly', unit_amount: 4900, currency: 'usd', recurring: { interval: 'month' } },
            { id: 'price_pro_annual', unit_amount: 49000, currency: 'usd', recurring: { interval: 'year' } },
          ],
        },
      ]);
      const customer = await customerWithOrganization(c);
      await ensureProTier(c);
      const checkout = () =>
        c.app.inject({
          method: 'POST',
          url: '/api/billing/subscription/checkout',
          headers: { cookie: customer.cookie },
          payload: { tier: 'pro', interval: 'month' },
        });
      failNext = { status: 400, body: { error: { type: 'invalid_request_error', message: "No such price: 'price_pro_monthly'" } } };
      const response = await checkout();
      expect(response.statusCode).toBe(503);
      expect((response.json() as { message: string }).message).toContain("Stripe could not create the checkout session: No such price: 'price_pro_monthly'");
      // A message about keys is sanitised like every error shown to users.
      failNext = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****ley' } } };
      const keyError = await checkout();
      expect(keyError.statusCode).toBe(503);
      expect((keyError.json() as { message: string }).message).not.toContain('sk_test');
    });

    it('saved secrets are sealed at rest and take precedence over the environment', async () => {
      const c = ctx();
      expect((await resolveStripeSecrets(c.database.db, c.config)).source).toEqual({ secretKey: 'env', webhookSecret: 'env' });
      const hints = await saveStripeSecrets(c.database.db, c.config, {
        secretKey: 'sk_test_saved_value_9876',
        webhookSecret: 'whsec_saved_value_5432',
        actorId: null,
      });
      expect(hints).toEqual({ secretKeyHint: '9876', webhookSecretHint: '5432' });
      const [row] = await c.database.db.select().from(billingSettings);
      expect(JSON.stringify(row)).not.toContain('sk_test_saved_value');
      expect(JSON.stringify(row)).not.toContain('whsec_saved_value');
      const resolved = await resolveStripeSecrets(c.database.db, c.config);
      expect(resolved).toMatchObject({
        secretKey: 'sk_test_saved_value_9876',
        webhookSecret: 'whsec_saved_value_5432',
        source: { secretKey: 'settings', webhookSecret: 'settings' },
      });
      // Events signed with the old (env) secret no longer verify; with the saved one they do.
      const customer = await customerWithOrganization(c);
      const object = { id: 'cs_x', object: 'checkout.session', mode: 'setup', metadata: { organization_id: customer.organizationId } };
      expect((await postWebhook(c, signedEvent('checkout.session.completed', object))).statusCode).toBe(400);
      expect((await postWebhook(c, signedEvent('checkout.session.completed', object, { secret: 'whsec_saved_value_5432' }))).statusCode).toBe(200);
      await saveStripeSecrets(c.database.db, c.config, { secretKey: null, webhookSecret: null, actorId: null });
    });

    it('billing settings: the first subscription gets the trial, a card only when required, and the tax rate (reused once created)', async () => {
      const c = ctx();
      await ensureProTier(c);
      const settings = (values: Partial<typeof billingSettings.$inferInsert>) =>
        c.database.db.update(billingSettings).set(values).where(eq(billingSettings.id, 1));
      await settings({ taxEnabled: true, taxRateBasisPoints: 850, trialDays: 10, trialRequiresPaymentMethod: false });
      try {
        const checkout = async () => {
          const customer = await customerWithOrganization(c);
          requests.length = 0;
          const response = await c.app.inject({
            method: 'POST',
            url: '/api/billing/subscription/checkout',
            headers: { cookie: customer.cookie },
            payload: { tier: 'pro', interval: 'month' },
          });
          expect(response.statusCode, response.body).toBe(200);
          const session = requests.find((r) => r.path === '/v1/checkout/sessions')!;
          return { customer, form: session.form, paths: requests.map((r) => `${r.method} ${r.path}`) };
        };

        const first = await checkout();
        expect(first.paths).toEqual(['GET /v1/tax_rates', 'POST /v1/tax_rates', 'POST /v1/checkout/sessions']);
        const created = requests.find((r) => r.method === 'POST' && r.path === '/v1/tax_rates')!.form;
        expect(Object.fromEntries(created)).toMatchObject({ percentage: '8.5', inclusive: 'false' });
        expect(first.form.get('line_items[0][tax_rates][0]')).toBe('txr_local_1');
        expect(first.form.get('subscription_data[trial_period_days]')).toBe('10');
        expect(first.form.get('subscription_data[trial_settings][end_behavior][missing_payment_method]')).toBe('cancel');
        expect(first.form.get('payment_method_collection')).toBe('if_required');

        // The same rate is reused; a trial that needs a payment method asks for one.
        await settings({ trialRequiresPaymentMethod: true });
        const second = await checkout();
        expect(second.paths).toEqual(['GET /v1/tax_rates', 'POST /v1/checkout/sessions']);
        expect(second.form.get('line_items[0][tax_rates][0]')).toBe('txr_local_1');
        expect(second.form.get('payment_method_collection')).toBe('always');

        // An organization that had a subscription gets no trial; without tax no rate is asked for.
        await settings({ taxEnabled: false });
        const customer = await customerWithOrganization(c);
        await c.database.db.insert(organizationSubscriptions).values({
          organizationId: customer.organizationId,
          provider: 'stripe',
          providerSubscriptionId: `sub_old_${customer.organizationId.slice(0, 8)}`,
          tier: 'pro',
          interval: 'month',
          status: 'canceled',
          amountCents: 4900,
          currency: 'usd',
        });
        requests.length = 0;
        const again = await c.app.inject({
          method: 'POST',
          url: '/api/billing/subscription/checkout',
          headers: { cookie: customer.cookie },
          payload: { tier: 'pro', interval: 'month' },
        });
        expect(again.statusCode, again.body).toBe(200);
        expect(requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
        const form = requests[0]!.form;
        expect(form.has('subscription_data[trial_period_days]')).toBe(false);
        expect(form.has('payment_method_collection')).toBe(false);
        expect(form.has('line_items[0][tax_rates][0]')).toBe(false);
      } finally {
        await settings({ taxEnabled: false, taxRateBasisPoints: 850, trialDays: 14, trialRequiresPaymentMethod: false });
      }
    });

    it('billing settings: a token checkout is in the configured currency with the tax rate; test mode off refuses test credentials', async () => {
      const c = ctx();
      const settings = (values: Partial<typeof billingSettings.$inferInsert>) =>
        c.database.db.update(billingSettings).set(values).where(eq(billingSettings.id, 1));
      await settings({ currency: 'eur', taxEnabled: true, taxRateBasisPoints: 2000 });
      try {
        const customer = await customerWithOrganization(c);
        const pack = await createTokenPackage(c, 20_000, 900);
        const buy = () =>
          c.app.inject({ method: 'POST', url: '/api/billing/tokens/checkout', headers: { cookie: customer.cookie }, payload: { packageId: pack.id } });
        const response = await buy();
        expect(response.statusCode, response.body).toBe(200);
        const session = requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
        expect(session.get('line_items[0][price_data][currency]')).toBe('eur');
        const rate = taxRates.find((r) => r.percentage === 20)!;
        expect(session.get('line_items[0][tax_rates][0]')).toBe(rate.id);
        const [purchase] = await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.organizationId, customer.organizationId));
        expect(purchase).toMatchObject({ currency: 'eur', amountCents: 900 });

        // Test mode off: the test credentials in use take no new payment, and Stripe is not called.
        await settings({ testMode: false });
        requests.length = 0;
        const refused = await buy();
        expect(refused.statusCode).toBe(409);
        expect((refused.json() as { message: string }).message).toContain('the Stripe credentials in use are test ones');
        expect(requests).toHaveLength(0);
      } finally {
        await settings({ currency: 'usd', taxEnabled: false, taxRateBasisPoints: 850, testMode: true });
      }
    });
  },
  { STRIPE_SECRET_KEY: 'sk_test_local_parley', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
);
