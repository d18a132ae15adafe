import { PRICING_PLAN_MESSAGES } from '@parley/shared/contracts/pricing-plans';
import { describe, expect, it } from 'vitest';
import { checkPlanForm, newPlanForm, planToForm } from './plan-form';

describe('the plan dialog (spec §5, §9)', () => {
  it('starts a new plan at 1000 tokens, $0, one chatbot, sort order count + 1 and “Get Started”', () => {
    expect(newPlanForm(3)).toMatchObject({
      monthlyTokenLimit: '1000',
      priceMonthly: '0.00',
      priceAnnual: '0.00',
      maxChatbots: '1',
      sortOrder: '4',
      ctaText: 'Get Started',
    });
  });

  it('turns dollars into cents and feature lines into a list', () => {
    const checked = checkPlanForm(
      { ...newPlanForm(0), tier: 'pro', displayName: 'Pro', priceMonthly: '29.99', priceAnnual: '$299', extraFeatures: 'SSO\n\nAudit log\n' },
      true,
    );
    expect(checked).toMatchObject({ ok: true, create: { tier: 'pro', priceMonthlyCents: 2999, priceAnnualCents: 29900, extraFeatures: ['SSO', 'Audit log'] } });
  });

  it('names the field a message is about', () => {
    expect(checkPlanForm({ ...newPlanForm(0), tier: 'pro', displayName: 'Pro', priceMonthly: 'free' }, true)).toEqual({
      ok: false,
      field: 'priceMonthly',
      message: PRICING_PLAN_MESSAGES.priceInvalid,
    });
    expect(checkPlanForm({ ...newPlanForm(0), tier: 'pro', displayName: 'Pro', priceAnnual: '-5' }, true)).toMatchObject({ ok: false, field: 'priceAnnual' });
    expect(checkPlanForm({ ...newPlanForm(0), tier: 'pro', displayName: 'Pro', extraFeatures: 'AI Tokens/month' }, true)).toMatchObject({
      ok: false,
      field: 'extraFeatures',
      message: PRICING_PLAN_MESSAGES.featureReserved,
    });
  });

  it('round-trips a saved plan', () => {
    const plan = {
      id: '00000000-0000-4000-8000-000000000000',
      tier: 'pro',
      displayName: 'Pro',
      description: '',
      priceMonthlyCents: 2900,
      priceAnnualCents: 29000,
      maxChatbots: -1,
      monthlyTokenLimit: 1_000_000,
      sortOrder: 2,
      isPopular: true,
      isActive: true,
      ctaText: 'Go',
      updatedAt: '2026-01-01T00:00:00.000Z',
      features: [],
      extraFeatures: ['SSO'],
      organizationCount: 0,
    };
    expect(checkPlanForm(planToForm(plan), false)).toMatchObject({
      ok: true,
      update: {
        priceMonthlyCents: 2900,
        priceAnnualCents: 29000,
        maxChatbots: -1,
        monthlyTokenLimit: 1_000_000,
        sortOrder: 2,
        isPopular: true,
        extraFeatures: ['SSO'],
      },
    });
  });
});
