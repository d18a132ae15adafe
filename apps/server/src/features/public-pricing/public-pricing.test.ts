import type { PublicPricing } from '@parley/shared/contracts/public-pricing';
import { expect, it } from 'vitest';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('public pricing', (ctx) => {
  it('shows anyone the active plans by sort order with features, active packages and active FAQs — nothing internal', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const plan = (overrides: Record<string, unknown>) => ({
      displayName: 'Plan',
      description: '',
      priceMonthlyCents: 0,
      priceAnnualCents: 0,
      maxChatbots: 1,
      monthlyTokenLimit: 1000,
      sortOrder: 1,
      isPopular: false,
      ctaText: 'Get Started',
      extraFeatures: [],
      ...overrides,
    });
    await c.app.inject({
      method: 'POST',
      url: '/api/admin/pricing/plans',
      headers,
      payload: plan({ tier: 'zz-business', displayName: 'Business', sortOrder: 30, priceMonthlyCents: 9900, isPopular: true, extraFeatures: ['SSO'] }),
    });
    await c.app.inject({
      method: 'POST',
      url: '/api/admin/pricing/plans',
      headers,
      payload: plan({ tier: 'zz-starter', displayName: 'Starter', sortOrder: 20 }),
    });
    const hidden = (
      await c.app.inject({
        method: 'POST',
        url: '/api/admin/pricing/plans',
        headers,
        payload: plan({ tier: 'zz-hidden', displayName: 'Hidden', sortOrder: 25 }),
      })
    ).json();
    await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${hidden.id}/status`, headers, payload: { isActive: false } });
    await c.app.inject({ method: 'POST', url: '/api/admin/token-packages', headers, payload: { name: 'Refill', tokens: 50_000, priceCents: 1500 } });
    // Active but at $0: checkout refuses it, so the page does not offer it either.
    await c.app.inject({ method: 'POST', url: '/api/admin/token-packages', headers, payload: { name: 'Unpriced', tokens: 5_000, priceCents: 0 } });
    await c.app.inject({
      method: 'POST',
      url: '/api/admin/token-packages',
      headers,
      payload: { name: 'Retired', tokens: 10_000, priceCents: 500, isActive: false },
    });
    await c.app.inject({ method: 'POST', url: '/api/admin/pricing/faqs', headers, payload: { question: 'Second?', answer: 'B', displayOrder: 2 } });
    await c.app.inject({ method: 'POST', url: '/api/admin/pricing/faqs', headers, payload: { question: 'First?', answer: 'A', displayOrder: 1 } });
    await c.app.inject({
      method: 'POST',
      url: '/api/admin/pricing/faqs',
      headers,
      payload: { question: 'Draft?', answer: 'C', displayOrder: 0, isActive: false },
    });

    const response = await c.app.inject({ method: 'GET', url: '/api/public/pricing' });
    expect(response.statusCode).toBe(200);
    const pricing = response.json() as PublicPricing;
    const tiers = pricing.plans.map((p) => p.tier);
    expect(tiers).not.toContain('zz-hidden');
    expect(tiers.indexOf('zz-starter')).toBeLessThan(tiers.indexOf('zz-business'));
    expect(pricing.plans.find((p) => p.tier === 'zz-business')).toEqual({
      tier: 'zz-business',
      displayName: 'Business',
      description: '',
      priceMonthlyCents: 9900,
      priceAnnualCents: 0,
      maxChatbots: 1,
      monthlyTokenLimit: 1000,
      isPopular: true,
      ctaText: 'Get Started',
      features: [
        { name: 'Active Chatbots', value: '1', isIncluded: true },
        { name: 'AI Tokens/month', value: '1,000', isIncluded: true },
        { name: 'SSO', value: '', isIncluded: true },
      ],
    });
    expect(pricing.tokenPackages.map((p) => p.name)).toEqual(['Refill']);
    expect(Object.keys(pricing.tokenPackages[0]!).sort()).toEqual(['id', 'name', 'priceCents', 'tokens']);
    expect(pricing.faqs.map((f) => f.question)).toEqual(['First?', 'Second?']);
    expect(response.body).not.toMatch(/stripe|organizationCount|isActive|sortOrder/i);
  });
});
