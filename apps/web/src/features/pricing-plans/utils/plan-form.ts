import { NEW_PRICING_PLAN } from '@parley/shared/constants';
import {
  createPricingPlanBodySchema,
  updatePricingPlanBodySchema,
  type CreatePricingPlanBody,
  type PricingPlan,
  type UpdatePricingPlanBody,
} from '@parley/shared/contracts/pricing-plans';
import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { centsToDollars, dollarsToCents } from '@parley/shared/pricing';

/** The plan dialog's fields, as typed: prices in dollars, extra features one per line. */
export interface PlanForm {
  tier: string;
  displayName: string;
  description: string;
  priceMonthly: string;
  priceAnnual: string;
  maxChatbots: string;
  monthlyTokenLimit: string;
  sortOrder: string;
  isPopular: boolean;
  ctaText: string;
  extraFeatures: string;
}

/** Spec §9: monthly tokens 1000, prices 0, max chatbots 1, sort order = count + 1, CTA "Get Started". */
export function newPlanForm(planCount: number): PlanForm {
  return {
    tier: '',
    displayName: '',
    description: '',
    priceMonthly: centsToDollars(NEW_PRICING_PLAN.priceMonthlyCents),
    priceAnnual: centsToDollars(NEW_PRICING_PLAN.priceAnnualCents),
    maxChatbots: String(NEW_PRICING_PLAN.maxChatbots),
    monthlyTokenLimit: String(NEW_PRICING_PLAN.monthlyTokenLimit),
    sortOrder: String(planCount + 1),
    isPopular: false,
    ctaText: NEW_PRICING_PLAN.ctaText,
    extraFeatures: '',
  };
}

export const planToForm = (plan: PricingPlan): PlanForm => ({
  tier: plan.tier,
  displayName: plan.displayName,
  description: plan.description,
  priceMonthly: centsToDollars(plan.priceMonthlyCents),
  priceAnnual: centsToDollars(plan.priceAnnualCents),
  maxChatbots: String(plan.maxChatbots),
  monthlyTokenLimit: String(plan.monthlyTokenLimit),
  sortOrder: String(plan.sortOrder),
  isPopular: plan.isPopular,
  ctaText: plan.ctaText,
  extraFeatures: plan.extraFeatures.join('\n'),
});

const numberOrNaN = (value: string) => (value.trim() ? Number(value) : Number.NaN);
/** A price the person typed, in cents; what is not an amount of dollars is refused rather than read as 0. */
const priceCents = (value: string) => (/^\s*\$?\s*[\d,]*\.?\d*\s*$/.test(value) && /\d/.test(value) ? dollarsToCents(value) : Number.NaN);

export type PlanField = keyof PlanForm;
export type CheckedPlan = { ok: true; create: CreatePricingPlanBody; update: UpdatePricingPlanBody } | { ok: false; field: PlanField; message: string };

const FIELD_OF: Record<string, PlanField> = { priceMonthlyCents: 'priceMonthly', priceAnnualCents: 'priceAnnual' };

function failure(issue: { path: PropertyKey[]; message: string } | undefined): CheckedPlan {
  const key = String(issue?.path[0] ?? 'tier');
  return { ok: false, field: FIELD_OF[key] ?? (key as PlanField), message: issue?.message ?? TIER_MESSAGES.required };
}

/** Dollars to cents, then the shared contract (the server applies the same). */
export function checkPlanForm(form: PlanForm, isNew: boolean): CheckedPlan {
  const values = {
    displayName: form.displayName,
    description: form.description,
    priceMonthlyCents: priceCents(form.priceMonthly),
    priceAnnualCents: priceCents(form.priceAnnual),
    maxChatbots: numberOrNaN(form.maxChatbots),
    monthlyTokenLimit: numberOrNaN(form.monthlyTokenLimit),
    sortOrder: numberOrNaN(form.sortOrder),
    isPopular: form.isPopular,
    ctaText: form.ctaText,
    extraFeatures: form.extraFeatures.split('\n'),
  };
  if (isNew) {
    const parsed = createPricingPlanBodySchema.safeParse({ ...values, tier: form.tier });
    if (!parsed.success) return failure(parsed.error.issues[0]);
    const { tier: _tier, ...update } = parsed.data;
    return { ok: true, create: parsed.data, update };
  }
  const parsed = updatePricingPlanBodySchema.safeParse(values);
  if (!parsed.success) return failure(parsed.error.issues[0]);
  return { ok: true, create: { ...parsed.data, tier: form.tier }, update: parsed.data };
}
