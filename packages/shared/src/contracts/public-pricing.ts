import { z } from 'zod';
import { planFeatureSchema } from './pricing-plans';

/**
 * The public pricing page (/pricing): active plans by sort order with their features, active token packages and
 * active FAQs. Only what a visitor may see: no provider price ids, no counts, no inactive rows.
 */

export const publicPlanSchema = z.object({
  tier: z.string(),
  displayName: z.string(),
  description: z.string(),
  priceMonthlyCents: z.number().int(),
  priceAnnualCents: z.number().int(),
  maxChatbots: z.number().int(),
  monthlyTokenLimit: z.number().int(),
  isPopular: z.boolean(),
  ctaText: z.string(),
  features: z.array(planFeatureSchema.omit({ displayOrder: true })),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

export const publicTokenPackageSchema = z.object({ id: z.string(), name: z.string(), tokens: z.number().int(), priceCents: z.number().int() });
export type PublicTokenPackage = z.infer<typeof publicTokenPackageSchema>;

export const publicFaqSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type PublicFaq = z.infer<typeof publicFaqSchema>;

export const publicPricingSchema = z.object({
  plans: z.array(publicPlanSchema),
  tokenPackages: z.array(publicTokenPackageSchema),
  faqs: z.array(publicFaqSchema),
});
export type PublicPricing = z.infer<typeof publicPricingSchema>;

export const PUBLIC_PRICING_MESSAGES = {
  loadFailed: 'Pricing could not be loaded.',
  noPlans: 'No plans are on offer right now. Please check back soon.',
} as const;
