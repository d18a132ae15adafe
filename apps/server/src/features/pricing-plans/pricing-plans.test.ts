import {
  API_KEY_REQUESTS_PER_MINUTE,
  CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE,
  CSP_REPORTS_PER_IP_PER_MINUTE,
  PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE,
  PUBLIC_CHAT_PER_IP_PER_MINUTE,
  SIGN_IN_MAX_PER_EMAIL,
  SIGN_IN_MAX_PER_IP,
  SIGN_IN_WINDOW_SECONDS,
} from '@parley/shared/constants';
import { PRICING_PLAN_MESSAGES, type PricingPlan, type RateLimitStatus } from '@parley/shared/contracts/pricing-plans';
import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, organizations, planFeatures, subscriptionTierLimits } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

const planBody = (overrides: Record<string, unknown> = {}) => ({
  tier: `plan-${Math.random().toString(36).slice(2, 10)}`,
  displayName: 'Pro',
  description: 'For growing sites',
  priceMonthlyCents: 2900,
  priceAnnualCents: 29000,
  maxChatbots: 10,
  monthlyTokenLimit: 1_000_000,
  sortOrder: 5,
  isPopular: true,
  ctaText: 'Start Pro',
  extraFeatures: ['Priority support', 'Custom branding'],
  ...overrides,
});

describeEachDatabase('pricing plans', (ctx) => {
  it('creates a plan with its limit lines and extra features, edits it (the tier id stays) and deletes it with its features', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const created = await c.app.inject({ method: 'POST', url: '/api/admin/pricing/plans', headers, payload: planBody() });
    expect(created.statusCode).toBe(201);
    const plan = created.json() as PricingPlan;
    expect(plan).toMatchObject({
      displayName: 'Pro',
      priceMonthlyCents: 2900,
      priceAnnualCents: 29000,
      isPopular: true,
      isActive: true,
      ctaText: 'Start Pro',
      extraFeatures: ['Priority support', 'Custom branding'],
    });
    expect(plan.features.map((f) => [f.name, f.value])).toEqual([
      ['Active Chatbots', '10'],
      ['AI Tokens/month', '1,000,000'],
      ['Priority support', ''],
      ['Custom branding', ''],
    ]);
    const [row] = await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, plan.tier));
    expect(row).toMatchObject({ maxHandoffsPerMonth: 10, isActive: true });

    const updated = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/pricing/plans/${plan.tier}`,
      headers,
      payload: {
        ...planBody({ tier: 'renamed' }),
        displayName: 'Pro Plus',
        maxChatbots: -1,
        priceMonthlyCents: 4900,
        extraFeatures: ['Custom branding', 'SSO', 'sso', ' '],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      tier: plan.tier,
      displayName: 'Pro Plus',
      maxChatbots: -1,
      priceMonthlyCents: 4900,
      extraFeatures: ['Custom branding', 'SSO'],
    });
    expect((updated.json() as PricingPlan).features[0]).toMatchObject({ name: 'Active Chatbots', value: 'Unlimited' });
    expect(await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'renamed'))).toHaveLength(0);

    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/pricing/plans', headers })).json() as { items: PricingPlan[] };
    const orders = list.items.map((p) => p.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(list.items.find((p) => p.tier === 'free')?.features.map((f) => f.name)).toEqual(['Active Chatbots', 'AI Tokens/month']);

    const removed = await c.app.inject({ method: 'DELETE', url: `/api/admin/pricing/plans/${plan.tier}`, headers });
    expect(removed.json()).toEqual({ ok: true });
    expect(await c.database.db.select().from(planFeatures).where(eq(planFeatures.tier, plan.tier))).toHaveLength(0);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/pricing/plans/${plan.tier}`, headers })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'PUT', url: `/api/admin/pricing/plans/${plan.tier}`, headers, payload: planBody() })).statusCode).toBe(404);

    const actions = (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, plan.id))).map((r) => r.action).sort();
    expect(actions).toEqual(['pricing_plan_created', 'pricing_plan_deleted', 'pricing_plan_updated']);
  });

  it('refuses bad plans with a clear message, and never deletes the free plan or one in use', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const cases: [Record<string, unknown>, string][] = [
      [planBody({ priceMonthlyCents: -100 }), PRICING_PLAN_MESSAGES.priceInvalid],
      [planBody({ priceAnnualCents: 19.99 }), PRICING_PLAN_MESSAGES.priceInvalid],
      [planBody({ priceMonthlyCents: 200_000_000 }), PRICING_PLAN_MESSAGES.priceTooLarge],
      [planBody({ monthlyTokenLimit: 0 }), TIER_MESSAGES.required],
      [planBody({ maxChatbots: -3 }), TIER_MESSAGES.chatbotLimitInvalid],
      [planBody({ sortOrder: -1 }), PRICING_PLAN_MESSAGES.sortOrderInvalid],
      [planBody({ ctaText: '' }), PRICING_PLAN_MESSAGES.ctaRequired],
      [planBody({ extraFeatures: ['active chatbots'] }), PRICING_PLAN_MESSAGES.featureReserved],
      [planBody({ extraFeatures: Array.from({ length: 21 }, (_, i) => `Feature ${i}`) }), 'At most 20 extra features'],
      [planBody({ tier: '' }), TIER_MESSAGES.required],
      [planBody({ displayName: '' }), TIER_MESSAGES.displayNameRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/pricing/plans', headers, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const duplicate = await c.app.inject({ method: 'POST', url: '/api/admin/pricing/plans', headers, payload: planBody({ tier: 'free' }) });
    expect(duplicate.statusCode).toBe(409);

    const free = await c.app.inject({ method: 'DELETE', url: '/api/admin/pricing/plans/free', headers });
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe(TIER_MESSAGES.freeIsFallback);
    const plan = (await c.app.inject({ method: 'POST', url: '/api/admin/pricing/plans', headers, payload: planBody({ displayName: 'Agency' }) })).json();
    const owner = await createSignedInUser(c);
    const orgId = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json().organizationId as string;
    await c.database.db.update(organizations).set({ tier: plan.tier }).where(eq(organizations.id, orgId));
    const inUse = await c.app.inject({ method: 'DELETE', url: `/api/admin/pricing/plans/${plan.tier}`, headers });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(TIER_MESSAGES.inUse(1, 'Agency'));
  });

  it('the enforcement card reports the limits the server really applies, from the constants the enforcing code uses', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const response = await c.app.inject({ method: 'GET', url: '/api/admin/pricing/rate-limits', headers: { cookie: admin.cookie } });
    const items = (response.json() as { items: RateLimitStatus[] }).items;
    const byKey = Object.fromEntries(items.map((item) => [item.key, item]));
    expect(byKey['sign-in-email']).toMatchObject({ limit: SIGN_IN_MAX_PER_EMAIL, windowSeconds: SIGN_IN_WINDOW_SECONDS, status: 'enforced' });
    expect(byKey['sign-in-ip']).toMatchObject({ limit: SIGN_IN_MAX_PER_IP, windowSeconds: 15 * 60 });
    // Each tier sets these three (Tier Limits); the card names the default every tier starts with.
    expect(byKey['widget-chatbot']).toMatchObject({ limit: null, windowSeconds: 60 });
    expect(byKey['widget-chatbot']?.scope).toContain(`tier (default ${PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE})`);
    expect(byKey['widget-visitor-ip']).toMatchObject({ limit: null, windowSeconds: 60 });
    expect(byKey['widget-visitor-ip']?.scope).toContain(`tier (default ${PUBLIC_CHAT_PER_IP_PER_MINUTE})`);
    expect(byKey['api-key']).toMatchObject({ limit: null });
    expect(byKey['api-key']?.scope).toContain(`tier (default ${API_KEY_REQUESTS_PER_MINUTE})`);
    expect(byKey['csp-reports']).toMatchObject({ limit: CSP_REPORTS_PER_IP_PER_MINUTE });
    expect(byKey['client-security-events']).toMatchObject({ limit: CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE });
    expect(['monthly-tokens', 'max-chatbots', 'monthly-handoffs'].map((key) => byKey[key]?.status)).toEqual(['enforced', 'enforced', 'enforced']);
    expect(byKey['storage-tokens']?.status).toBe('tracking');
    expect([SIGN_IN_MAX_PER_EMAIL, SIGN_IN_MAX_PER_IP, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE]).toEqual([10, 30, 120, 20]);

    // Two of them, tried: the request past the card's number is refused.
    const cspFrom = '198.51.100.7';
    for (let i = 0; i < CSP_REPORTS_PER_IP_PER_MINUTE; i += 1) {
      const report = await c.app.inject({ method: 'POST', url: '/api/csp-report', remoteAddress: cspFrom, payload: {} });
      expect(report.statusCode).toBe(400);
    }
    expect((await c.app.inject({ method: 'POST', url: '/api/csp-report', remoteAddress: cspFrom, payload: {} })).statusCode).toBe(429);
    const eventsFrom = '198.51.100.8';
    const event = () =>
      c.app.inject({ method: 'POST', url: '/api/security-events/client', remoteAddress: eventsFrom, payload: { eventType: 'session_fetch_error' } });
    for (let i = 0; i < CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE; i += 1) expect((await event()).statusCode).toBe(200);
    expect((await event()).statusCode).toBe(429);
  });
});
