import { NEW_TIER } from '@parley/shared/constants';
import { PLAN_LIMIT_FEATURES, type PlanFeature, type PricingPlan } from '@parley/shared/contracts/pricing-plans';
import { TIERS_MAX } from '@parley/shared/contracts/tier-limits';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { planFeatures, subscriptionTierLimits } from '../../db/schema/index';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { assertChargeablePrice } from '../billing/index';
import { readBillingSettings } from '../../services/billing-settings';
import { deleteTierRow, lockTier, organizationCounts, prepareNewTier, syncLimitFeatures, type TierRow } from '../tier-limits/index';

type PlanInput = {
  displayName: string;
  description: string;
  priceMonthlyCents: number;
  priceAnnualCents: number;
  maxChatbots: number;
  monthlyTokenLimit: number;
  sortOrder: number;
  isPopular: boolean;
  ctaText: string;
  extraFeatures: string[];
};

const LIMIT_FEATURE_NAMES: string[] = Object.values(PLAN_LIMIT_FEATURES);

/** The feature lines of the given tiers, in display order. */
export async function featuresOf(db: Db | Tx, tiers: string[]): Promise<Map<string, PlanFeature[]>> {
  const byTier = new Map<string, PlanFeature[]>();
  if (tiers.length === 0) return byTier;
  const rows = await db
    .select()
    .from(planFeatures)
    .where(inArray(planFeatures.tier, tiers))
    .orderBy(asc(planFeatures.displayOrder), asc(planFeatures.featureName));
  for (const row of rows) {
    const list = byTier.get(row.tier) ?? [];
    list.push({ name: row.featureName, value: row.featureValue, isIncluded: row.isIncluded, displayOrder: row.displayOrder });
    byTier.set(row.tier, list);
  }
  return byTier;
}

function toPlan(row: TierRow, features: PlanFeature[], organizationCount: number): PricingPlan {
  return {
    id: row.id,
    tier: row.tier,
    displayName: row.displayName,
    description: row.description,
    priceMonthlyCents: row.priceMonthlyCents,
    priceAnnualCents: row.priceAnnualCents,
    maxChatbots: row.maxChatbots,
    monthlyTokenLimit: row.monthlyTokenLimit,
    sortOrder: row.sortOrder,
    isPopular: row.isPopular,
    isActive: row.isActive,
    ctaText: row.ctaText,
    updatedAt: row.updatedAt.toISOString(),
    features,
    extraFeatures: features.filter((f) => !LIMIT_FEATURE_NAMES.includes(f.name)).map((f) => f.name),
    organizationCount,
  };
}

/** Spec §7 "by sort_order in the pricing view". */
export async function listPlans(db: Db): Promise<PricingPlan[]> {
  const rows = await db.select().from(subscriptionTierLimits).orderBy(asc(subscriptionTierLimits.sortOrder), asc(subscriptionTierLimits.tier)).limit(TIERS_MAX);
  const tiers = rows.map((row) => row.tier);
  const [features, counts] = await Promise.all([featuresOf(db, tiers), organizationCounts(db, tiers)]);
  return rows.map((row) => toPlan(row, features.get(row.tier) ?? [], counts.get(row.tier) ?? 0));
}

/** The free-form lines replace the previous ones; the two limit lines follow the limits (spec §7 upsert). */
async function saveFeatures(tx: Tx, row: TierRow, extraFeatures: string[]): Promise<void> {
  await syncLimitFeatures(tx, row.tier, row);
  const keep = [...LIMIT_FEATURE_NAMES, ...extraFeatures];
  await tx.delete(planFeatures).where(and(eq(planFeatures.tier, row.tier), notInArray(planFeatures.featureName, keep)));
  const at = new Date();
  for (const [index, name] of extraFeatures.entries()) {
    const displayOrder = LIMIT_FEATURE_NAMES.length + index + 1;
    await tx
      .insert(planFeatures)
      .values({ tier: row.tier, featureName: name, featureValue: '', isIncluded: true, displayOrder, updatedAt: at })
      .onConflictDoUpdate({ target: [planFeatures.tier, planFeatures.featureName], set: { displayOrder, isIncluded: true, updatedAt: at } });
  }
}

const planColumns = (input: PlanInput) => ({
  displayName: input.displayName,
  description: input.description,
  priceMonthlyCents: input.priceMonthlyCents,
  priceAnnualCents: input.priceAnnualCents,
  maxChatbots: input.maxChatbots,
  monthlyTokenLimit: input.monthlyTokenLimit,
  sortOrder: input.sortOrder,
  isPopular: input.isPopular,
  ctaText: input.ctaText,
});

const planDetails = (row: Pick<TierRow, 'priceMonthlyCents' | 'priceAnnualCents' | 'maxChatbots' | 'monthlyTokenLimit' | 'sortOrder' | 'isPopular'>) => ({
  price_monthly_cents: row.priceMonthlyCents,
  price_annual_cents: row.priceAnnualCents,
  max_chatbots: row.maxChatbots,
  monthly_token_limit: row.monthlyTokenLimit,
  sort_order: row.sortOrder,
  is_popular: row.isPopular,
});

async function planOf(tx: Tx, row: TierRow): Promise<PricingPlan> {
  const features = await featuresOf(tx, [row.tier]);
  const counts = await organizationCounts(tx, [row.tier]);
  return toPlan(row, features.get(row.tier) ?? [], counts.get(row.tier) ?? 0);
}

/** Each price is free or at least the smallest card payment in the billing currency (decisions/0017-catalogue-and-system-configuration.md). */
async function assertPlanChargeable(tx: Tx, input: PlanInput): Promise<void> {
  const { currency } = await readBillingSettings(tx);
  assertChargeablePrice(input.priceMonthlyCents, currency, 'Monthly price', 'free');
  assertChargeablePrice(input.priceAnnualCents, currency, 'Annual price', 'free');
}

/** A new plan is a new, active tier with the spec's new-tier handoff allowance (10). */
export async function createPlan(db: Db, input: PlanInput & { tier: string }, actorId: string, context: RequestContext): Promise<PricingPlan> {
  return db.transaction(async (tx) => {
    await assertPlanChargeable(tx, input);
    await prepareNewTier(tx, input.tier);
    const [created] = await tx
      .insert(subscriptionTierLimits)
      .values({ tier: input.tier, ...planColumns(input), maxHandoffsPerMonth: NEW_TIER.maxHandoffsPerMonth, isActive: true })
      .returning();
    await saveFeatures(tx, created!, input.extraFeatures);
    await logAdminActivity(
      tx,
      {
        action: 'pricing_plan_created',
        resourceType: 'subscription_tier',
        resourceId: created!.id,
        adminUserId: actorId,
        details: { tier: input.tier, ...planDetails(created!) },
      },
      context,
    );
    return planOf(tx, created!);
  });
}

/** The tier id is fixed once created (spec §5: the field is disabled). */
export async function updatePlan(
  db: Db,
  tier: string,
  { expectedUpdatedAt, ...input }: PlanInput & { expectedUpdatedAt?: string },
  actorId: string,
  context: RequestContext,
): Promise<PricingPlan> {
  return db.transaction(async (tx) => {
    const current = await lockTier(tx, { tier });
    assertUnchangedSince(current.updatedAt, expectedUpdatedAt, 'this plan');
    await assertPlanChargeable(tx, input);
    const [updated] = await tx
      .update(subscriptionTierLimits)
      .set({ ...planColumns(input), updatedAt: new Date() })
      .where(eq(subscriptionTierLimits.id, current.id))
      .returning();
    await saveFeatures(tx, updated!, input.extraFeatures);
    await logAdminActivity(
      tx,
      {
        action: 'pricing_plan_updated',
        resourceType: 'subscription_tier',
        resourceId: current.id,
        adminUserId: actorId,
        details: { tier, ...planDetails(updated!), previous: planDetails(current) },
      },
      context,
    );
    return planOf(tx, updated!);
  });
}

/** Spec §7 "delete by tier in the pricing view", with its features; never the free tier or one in use. */
export async function deletePlan(db: Db, tier: string, actorId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockTier(tx, { tier });
    await deleteTierRow(tx, current);
    await logAdminActivity(
      tx,
      {
        action: 'pricing_plan_deleted',
        resourceType: 'subscription_tier',
        resourceId: current.id,
        adminUserId: actorId,
        details: { tier, ...planDetails(current) },
      },
      context,
    );
  });
}
