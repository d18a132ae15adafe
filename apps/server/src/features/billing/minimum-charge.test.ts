import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { billingSettings, subscriptionTierLimits, tokenPackages, tokenPurchases } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { createTokenPackage, customerWithOrganization, ensureProTier } from './test-support';

/** decisions/0017-catalogue-and-system-configuration.md: a price is free or at least the smallest card payment in the billing currency (Stripe: $0.50, DKK 2.50…). */
describeEachDatabase('prices below the smallest card payment', (ctx) => {
  afterEach(async () => {
    await ctx().database.db.update(billingSettings).set({ currency: 'usd' }).where(eq(billingSettings.id, 1));
  });

  const admin = async (c: TestContext) => {
    const { cookie } = await createAdmin(c, 'system_admin');
    return (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => c.app.inject({ method, url, headers: { cookie }, payload });
  };

  // First, while the catalogue holds only the package it makes.
  it('the currency cannot change to one whose smallest payment is above a price in use; it can where none is', async () => {
    const c = ctx();
    const send = await admin(c);
    await createTokenPackage(c, 1000, 100);
    const settings = (await send('GET', '/api/admin/billing/settings')).json();
    const { updatedAt: _u, updatedBy: _b, ...current } = settings;
    const to = (currency: string) => send('PUT', '/api/admin/billing/settings', { ...current, payment: { ...current.payment, currency } });

    const refused = await to('dkk');
    expect(refused.statusCode).toBe(400);
    // Intl writes a no-break space between the code and the amount.
    expect(refused.json().message.replace(/\u00a0/g, ' ')).toBe(
      '1 package has a price below DKK 2.50, the smallest card payment in DKK. Change it before switching to DKK.',
    );
    const [unchanged] = await c.database.db.select().from(billingSettings);
    expect(unchanged?.currency).toBe('usd');
    expect((await to('eur')).statusCode).toBe(200);
  });

  it('a token package is $0 (not on sale) or at least $0.50; a refused price changes nothing', async () => {
    const c = ctx();
    const send = await admin(c);
    const refused = await send('POST', '/api/admin/token-packages', { name: 'Tiny', tokens: 100, priceCents: 49 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Price must be $0.00 (not on sale) or at least $0.50: a card payment in USD cannot be smaller.');
    expect(await c.database.db.select().from(tokenPackages).where(eq(tokenPackages.name, 'Tiny'))).toHaveLength(0);

    const free = await send('POST', '/api/admin/token-packages', { name: 'Free', tokens: 100, priceCents: 0 });
    expect(free.statusCode, free.body).toBe(201);
    const least = await send('POST', '/api/admin/token-packages', { name: 'Least', tokens: 100, priceCents: 50 });
    expect(least.statusCode, least.body).toBe(201);
    const lowered = await send('PUT', `/api/admin/token-packages/${least.json().id}`, { name: 'Least', tokens: 100, priceCents: 1 });
    expect(lowered.statusCode).toBe(400);
    const [stored] = await c.database.db.select().from(tokenPackages).where(eq(tokenPackages.id, least.json().id));
    expect(stored?.priceCents).toBe(50);
  });

  it('a plan price is free or at least the smallest payment, monthly and annual alike, in the configured currency', async () => {
    const c = ctx();
    const send = await admin(c);
    const plan = (priceMonthlyCents: number, priceAnnualCents: number) => ({
      tier: 'starter',
      displayName: 'Starter',
      priceMonthlyCents,
      priceAnnualCents,
      maxChatbots: 2,
      monthlyTokenLimit: 100_000,
      sortOrder: 3,
      ctaText: 'Get Started',
    });
    const monthly = await send('POST', '/api/admin/pricing/plans', plan(30, 0));
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().message).toBe('Monthly price must be $0.00 (free) or at least $0.50: a card payment in USD cannot be smaller.');
    await c.database.db.update(billingSettings).set({ currency: 'gbp' }).where(eq(billingSettings.id, 1));
    // £0.30 is enough in pounds; the annual price of 20 pence is not.
    const annual = await send('POST', '/api/admin/pricing/plans', plan(30, 20));
    expect(annual.statusCode).toBe(400);
    expect(annual.json().message).toBe('Annual price must be £0.00 (free) or at least £0.30: a card payment in GBP cannot be smaller.');
    expect(await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'starter'))).toHaveLength(0);
    expect((await send('POST', '/api/admin/pricing/plans', plan(30, 300))).statusCode).toBe(201);
  });

  it('checkout refuses a price saved below the smallest payment before, and records no purchase', async () => {
    const c = ctx();
    await ensureProTier(c);
    await c.database.db.update(subscriptionTierLimits).set({ priceMonthlyCents: 25 }).where(eq(subscriptionTierLimits.tier, 'pro'));
    const pack = await createTokenPackage(c, 1000, 20);
    const customer = await customerWithOrganization(c);
    const post = (url: string, payload: object) => c.app.inject({ method: 'POST', url, headers: { cookie: customer.cookie }, payload });

    const tokens = await post('/api/billing/tokens/checkout', { packageId: pack.id });
    expect(tokens.statusCode).toBe(400);
    expect(tokens.json().message).toBe('This price is below $0.50, the smallest card payment in USD, so it cannot be paid. Please contact support.');
    expect(await c.database.db.select().from(tokenPurchases)).toHaveLength(0);
    const plan = await post('/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().message).toContain('the smallest card payment in USD');
  });
});
