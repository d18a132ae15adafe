import type { PublicPricing } from '@parley/shared/contracts/public-pricing';
import { isPackageForSale } from '@parley/shared/contracts/token-packages';
import { TIERS_MAX } from '@parley/shared/contracts/tier-limits';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionTierLimits } from '../../db/schema/index';
import { featuresOf } from '../pricing-plans/index';
import { listFaqs } from '../pricing-faqs/index';
import { listTokenPackages } from '../token-packages/index';

/** What /pricing shows: active plans by sort order with their features, active packages, active FAQs. Nothing internal. */
export async function getPublicPricing(db: Db): Promise<PublicPricing> {
  const plans = await db
    .select()
    .from(subscriptionTierLimits)
    .where(eq(subscriptionTierLimits.isActive, true))
    .orderBy(asc(subscriptionTierLimits.sortOrder), asc(subscriptionTierLimits.tier))
    .limit(TIERS_MAX);
  const features = await featuresOf(
    db,
    plans.map((plan) => plan.tier),
  );
  const packages = await listTokenPackages(db, { activeOnly: true });
  const faqs = await listFaqs(db, { activeOnly: true });
  return {
    plans: plans.map((plan) => ({
      tier: plan.tier,
      displayName: plan.displayName,
      description: plan.description,
      priceMonthlyCents: plan.priceMonthlyCents,
      priceAnnualCents: plan.priceAnnualCents,
      maxChatbots: plan.maxChatbots,
      monthlyTokenLimit: plan.monthlyTokenLimit,
      isPopular: plan.isPopular,
      ctaText: plan.ctaText,
      features: (features.get(plan.tier) ?? []).map((feature) => ({ name: feature.name, value: feature.value, isIncluded: feature.isIncluded })),
    })),
    tokenPackages: packages.filter(isPackageForSale).map((pkg) => ({ id: pkg.id, name: pkg.name, tokens: pkg.tokens, priceCents: pkg.priceCents })),
    faqs: faqs.map((faq) => ({ id: faq.id, question: faq.question, answer: faq.answer })),
  };
}
