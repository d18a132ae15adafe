import { z } from 'zod';
import { expectedUpdatedAtSchema, idSchema } from './common';
import { maxChatbotsSchema, monthlyTokenLimitSchema, tierDescriptionSchema, tierDisplayNameSchema, tierIdSchema } from './tier-limits';

/**
 * Pricing plans (spec part 2 §2 "Pricing and Billing Administration" → Plans, §3 subscription_tier_limits and
 * plan_features, §5, §7, §8, §9): a plan is a subscription tier seen with its prices and presentation. Prices are
 * integer cents here; the form takes dollars.
 */

/** The two feature lines every plan keeps in step with its limits (spec §7). */
export const PLAN_LIMIT_FEATURES = { chatbots: 'Active Chatbots', tokens: 'AI Tokens/month' } as const;

/** Decided bounds (not in the spec; see docs/decisions/README.md). */
export const PLAN_PRICE_CENTS_MAX = 100_000_000;
export const PLAN_SORT_ORDER_MAX = 10_000;
export const PLAN_CTA_MAX = 40;
export const PLAN_EXTRA_FEATURES_MAX = 20;
export const PLAN_FEATURE_NAME_MAX = 120;

/** User-facing text; quoted strings are the spec's (§5, §8). */
export const PRICING_PLAN_MESSAGES = {
  saved: 'Pricing plan saved successfully',
  deleted: 'Pricing plan deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this plan? This will also delete all associated features.',
  loadFailed: 'Failed to load pricing plans',
  priceInvalid: 'Prices must be 0 or more, in whole cents',
  priceTooLarge: 'Prices must be at most $1,000,000',
  sortOrderInvalid: `Sort order must be a whole number from 0 to ${PLAN_SORT_ORDER_MAX}`,
  ctaRequired: 'Button text is required',
  featureReserved: 'Active Chatbots and AI Tokens/month are added from the limits; list only the other features',
} as const;

export const planFeatureSchema = z.object({
  name: z.string(),
  value: z.string(),
  isIncluded: z.boolean(),
  displayOrder: z.number().int(),
});
export type PlanFeature = z.infer<typeof planFeatureSchema>;

export const pricingPlanSchema = z.object({
  id: idSchema,
  tier: z.string(),
  displayName: z.string(),
  description: z.string(),
  priceMonthlyCents: z.number().int(),
  priceAnnualCents: z.number().int(),
  maxChatbots: z.number().int(),
  monthlyTokenLimit: z.number().int(),
  sortOrder: z.number().int(),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  ctaText: z.string(),
  updatedAt: z.string(),
  /** Every feature line, the two limit lines first. */
  features: z.array(planFeatureSchema),
  /** The free-form lines (all but the two limit lines), in order: what the form edits. */
  extraFeatures: z.array(z.string()),
  organizationCount: z.number().int(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const pricingPlanListSchema = z.object({ items: z.array(pricingPlanSchema) });
export type PricingPlanList = z.infer<typeof pricingPlanListSchema>;

const priceCents = z
  .number({ error: PRICING_PLAN_MESSAGES.priceInvalid })
  .int(PRICING_PLAN_MESSAGES.priceInvalid)
  .min(0, PRICING_PLAN_MESSAGES.priceInvalid)
  .max(PLAN_PRICE_CENTS_MAX, PRICING_PLAN_MESSAGES.priceTooLarge);

const reserved = new Set(Object.values(PLAN_LIMIT_FEATURES).map((name) => name.toLowerCase()));

const pricingPlanBodySchema = z.object({
  displayName: tierDisplayNameSchema,
  description: tierDescriptionSchema,
  priceMonthlyCents: priceCents,
  priceAnnualCents: priceCents,
  maxChatbots: maxChatbotsSchema,
  monthlyTokenLimit: monthlyTokenLimitSchema,
  sortOrder: z
    .number({ error: PRICING_PLAN_MESSAGES.sortOrderInvalid })
    .int(PRICING_PLAN_MESSAGES.sortOrderInvalid)
    .min(0, PRICING_PLAN_MESSAGES.sortOrderInvalid)
    .max(PLAN_SORT_ORDER_MAX, PRICING_PLAN_MESSAGES.sortOrderInvalid),
  isPopular: z.boolean().default(false),
  ctaText: z
    .string({ error: PRICING_PLAN_MESSAGES.ctaRequired })
    .trim()
    .min(1, PRICING_PLAN_MESSAGES.ctaRequired)
    .max(PLAN_CTA_MAX, `Button text must be at most ${PLAN_CTA_MAX} characters`),
  /** One feature per line; blank lines and repeats are dropped. */
  extraFeatures: z
    .array(z.string().trim().max(PLAN_FEATURE_NAME_MAX, `Each feature must be at most ${PLAN_FEATURE_NAME_MAX} characters`))
    .max(PLAN_EXTRA_FEATURES_MAX, `At most ${PLAN_EXTRA_FEATURES_MAX} extra features`)
    .default([])
    .transform((lines) => lines.filter((line, index) => line && lines.findIndex((other) => other.toLowerCase() === line.toLowerCase()) === index))
    .refine((lines) => lines.every((line) => !reserved.has(line.toLowerCase())), PRICING_PLAN_MESSAGES.featureReserved),
});

/** A change, made on the version of the plan the admin saw (refused with 409 when another admin saved it since). */
export const updatePricingPlanBodySchema = pricingPlanBodySchema.extend({ expectedUpdatedAt: expectedUpdatedAtSchema });
export type UpdatePricingPlanBody = z.input<typeof updatePricingPlanBodySchema>;

export const createPricingPlanBodySchema = pricingPlanBodySchema.extend({ tier: tierIdSchema });
export type CreatePricingPlanBody = z.input<typeof createPricingPlanBodySchema>;

/** One limit on the Plans tab's enforcement card (spec §2): what the server really enforces, or only counts. */
export const rateLimitStatusSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Who or what the limit is counted for ("per e-mail address", "per organization"). */
  scope: z.string(),
  /** The number allowed per window; null when each tier sets it. */
  limit: z.number().int().nullable(),
  windowSeconds: z.number().int().nullable(),
  status: z.enum(['enforced', 'tracking']),
  /** What happens when it is reached. */
  detail: z.string(),
});
export type RateLimitStatus = z.infer<typeof rateLimitStatusSchema>;
export const rateLimitStatusListSchema = z.object({ items: z.array(rateLimitStatusSchema) });
