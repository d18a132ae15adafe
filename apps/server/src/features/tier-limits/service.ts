import { FREE_TIER, UNLIMITED } from '@parley/shared/constants';
import { PLAN_LIMIT_FEATURES } from '@parley/shared/contracts/pricing-plans';
import {
  DEFAULT_TIER_RATE_LIMITS,
  TIER_MESSAGES,
  TIERS_MAX,
  type Tier,
  type TierActionLimits,
  type TierRateLimits,
} from '@parley/shared/contracts/tier-limits';
import { formatLimit } from '@parley/shared/pricing';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizations, planFeatures, subscriptionTierLimits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

export type TierRow = typeof subscriptionTierLimits.$inferSelect;

type LimitsInput = {
  displayName: string;
  description: string;
  monthlyTokenLimit: number;
  maxHandoffsPerMonth: number;
  maxChatbots: number;
  isActive: boolean;
} & Partial<TierRateLimits> &
  Partial<TierActionLimits>;

/** Organizations on each of the given tiers. */
export async function organizationCounts(db: Db | Tx, tiers: string[]): Promise<Map<string, number>> {
  if (tiers.length === 0) return new Map();
  const rows = await db
    .select({ tier: organizations.tier, n: count() })
    .from(organizations)
    .where(inArray(organizations.tier, tiers))
    .groupBy(organizations.tier);
  return new Map(rows.map((row) => [row.tier, Number(row.n)]));
}

export const toTier = (row: TierRow, organizationCount: number): Tier => ({
  id: row.id,
  tier: row.tier,
  displayName: row.displayName,
  description: row.description,
  monthlyTokenLimit: row.monthlyTokenLimit,
  maxHandoffsPerMonth: row.maxHandoffsPerMonth,
  maxChatbots: row.maxChatbots,
  apiKeyRequestsPerMinute: row.apiKeyRequestsPerMinute,
  chatbotMessagesPerMinute: row.chatbotMessagesPerMinute,
  visitorMessagesPerMinute: row.visitorMessagesPerMinute,
  maxActionsPerChatbot: row.maxActionsPerChatbot,
  maxActionCallsPerTurn: row.maxActionCallsPerTurn,
  priceMonthlyCents: row.priceMonthlyCents,
  priceAnnualCents: row.priceAnnualCents,
  sortOrder: row.sortOrder,
  isPopular: row.isPopular,
  isActive: row.isActive,
  ctaText: row.ctaText,
  updatedAt: row.updatedAt.toISOString(),
  organizationCount,
});

/** Spec §7: ordered by monthly token limit, unlimited (-1) last. At most TIERS_MAX exist. */
export async function listTiers(db: Db): Promise<Tier[]> {
  const rows = await db
    .select()
    .from(subscriptionTierLimits)
    .orderBy(sql`${subscriptionTierLimits.monthlyTokenLimit} = ${UNLIMITED}`, asc(subscriptionTierLimits.monthlyTokenLimit), asc(subscriptionTierLimits.tier))
    .limit(TIERS_MAX);
  const counts = await organizationCounts(
    db,
    rows.map((row) => row.tier),
  );
  return rows.map((row) => toTier(row, counts.get(row.tier) ?? 0));
}

/**
 * Keeps a plan's two limit lines ("Active Chatbots", "AI Tokens/month") in step with the tier's limits, so the
 * pricing page never advertises limits other than those enforced.
 */
export async function syncLimitFeatures(tx: Tx, tier: string, limits: { maxChatbots: number; monthlyTokenLimit: number }): Promise<void> {
  const at = new Date();
  const lines = [
    { featureName: PLAN_LIMIT_FEATURES.chatbots, featureValue: formatLimit(limits.maxChatbots), displayOrder: 1 },
    { featureName: PLAN_LIMIT_FEATURES.tokens, featureValue: formatLimit(limits.monthlyTokenLimit), displayOrder: 2 },
  ];
  for (const line of lines) {
    await tx
      .insert(planFeatures)
      .values({ tier, ...line, isIncluded: true, updatedAt: at })
      .onConflictDoUpdate({
        target: [planFeatures.tier, planFeatures.featureName],
        set: { featureValue: line.featureValue, displayOrder: line.displayOrder, isIncluded: true, updatedAt: at },
      });
  }
}

/**
 * The free tier is every organization's fallback, and a tier organizations are on carries their limits: neither
 * may be deleted or deactivated (an inactive tier's organizations would silently fall back to free).
 */
export async function assertTierCanBeRetired(tx: Tx, row: TierRow): Promise<void> {
  if (row.tier === FREE_TIER) throw new AppError('CONFLICT', TIER_MESSAGES.freeIsFallback);
  const inUse = (await organizationCounts(tx, [row.tier])).get(row.tier) ?? 0;
  if (inUse > 0) throw new AppError('CONFLICT', TIER_MESSAGES.inUse(inUse, row.displayName));
}

export async function lockTier(tx: Tx, where: { id: string } | { tier: string }): Promise<TierRow> {
  const [row] = await tx
    .select()
    .from(subscriptionTierLimits)
    .where('id' in where ? eq(subscriptionTierLimits.id, where.id) : eq(subscriptionTierLimits.tier, where.tier))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', TIER_MESSAGES.notFound);
  return row;
}

/** Refuses a tier id in use and a table past TIERS_MAX; returns the next sort order (count + 1, spec §9). */
export async function prepareNewTier(tx: Tx, tier: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('subscription_tier_limits:create'))`);
  const [existing] = await tx.select({ id: subscriptionTierLimits.id }).from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, tier));
  if (existing) throw new AppError('CONFLICT', TIER_MESSAGES.exists);
  const [total] = await tx.select({ n: count() }).from(subscriptionTierLimits);
  const n = Number(total?.n ?? 0);
  if (n >= TIERS_MAX) throw new AppError('CONFLICT', TIER_MESSAGES.tooMany);
  return n + 1;
}

const limitDetails = (row: TierRow) => ({
  monthly_token_limit: row.monthlyTokenLimit,
  max_handoffs_per_month: row.maxHandoffsPerMonth,
  max_chatbots: row.maxChatbots,
  api_key_requests_per_minute: row.apiKeyRequestsPerMinute,
  chatbot_messages_per_minute: row.chatbotMessagesPerMinute,
  visitor_messages_per_minute: row.visitorMessagesPerMinute,
  max_actions_per_chatbot: row.maxActionsPerChatbot,
  max_action_calls_per_turn: row.maxActionCallsPerTurn,
  is_active: row.isActive,
});

/** A change leaves out what it does not set (a rate limit left out keeps the tier's). */
const withoutUndefined = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;

export async function createTier(db: Db, input: LimitsInput & { tier: string }, actorId: string, context: RequestContext): Promise<Tier> {
  return db.transaction(async (tx) => {
    const sortOrder = await prepareNewTier(tx, input.tier);
    const [created] = await tx
      .insert(subscriptionTierLimits)
      .values({ ...DEFAULT_TIER_RATE_LIMITS, ...withoutUndefined(input), sortOrder })
      .returning();
    await syncLimitFeatures(tx, created!.tier, created!);
    await logAdminActivity(
      tx,
      {
        action: 'tier_created',
        resourceType: 'subscription_tier',
        resourceId: created!.id,
        adminUserId: actorId,
        details: { tier: input.tier, ...limitDetails(created!) },
      },
      context,
    );
    return toTier(created!, 0);
  });
}

export async function updateTier(
  db: Db,
  id: string,
  { expectedUpdatedAt, ...input }: LimitsInput & { expectedUpdatedAt?: string },
  actorId: string,
  context: RequestContext,
): Promise<Tier> {
  return db.transaction(async (tx) => {
    const current = await lockTier(tx, { id });
    assertUnchangedSince(current.updatedAt, expectedUpdatedAt, 'this tier');
    if (current.isActive && !input.isActive) await assertTierCanBeRetired(tx, current);
    const [updated] = await tx
      .update(subscriptionTierLimits)
      .set({ ...withoutUndefined(input), updatedAt: new Date() })
      .where(eq(subscriptionTierLimits.id, id))
      .returning();
    await syncLimitFeatures(tx, updated!.tier, updated!);
    await logAdminActivity(
      tx,
      {
        action: 'tier_updated',
        resourceType: 'subscription_tier',
        resourceId: id,
        adminUserId: actorId,
        details: { tier: current.tier, ...limitDetails(updated!), previous: limitDetails(current) },
      },
      context,
    );
    const counts = await organizationCounts(tx, [updated!.tier]);
    return toTier(updated!, counts.get(updated!.tier) ?? 0);
  });
}

/** Spec §4: the switch; reports activated or deactivated. */
export async function setTierActive(db: Db, id: string, isActive: boolean, actorId: string, context: RequestContext): Promise<Tier> {
  return db.transaction(async (tx) => {
    const current = await lockTier(tx, { id });
    if (current.isActive && !isActive) await assertTierCanBeRetired(tx, current);
    const [updated] = await tx.update(subscriptionTierLimits).set({ isActive, updatedAt: new Date() }).where(eq(subscriptionTierLimits.id, id)).returning();
    await logAdminActivity(
      tx,
      {
        action: isActive ? 'tier_activated' : 'tier_deactivated',
        resourceType: 'subscription_tier',
        resourceId: id,
        adminUserId: actorId,
        details: { tier: current.tier },
      },
      context,
    );
    const counts = await organizationCounts(tx, [updated!.tier]);
    return toTier(updated!, counts.get(updated!.tier) ?? 0);
  });
}

/** Deletes a tier and its plan's feature lines (spec §5: "This will also delete all associated features"). */
export async function deleteTierRow(tx: Tx, row: TierRow): Promise<void> {
  await assertTierCanBeRetired(tx, row);
  await tx.delete(planFeatures).where(eq(planFeatures.tier, row.tier));
  await tx.delete(subscriptionTierLimits).where(eq(subscriptionTierLimits.id, row.id));
}

export async function deleteTier(db: Db, id: string, actorId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockTier(tx, { id });
    await deleteTierRow(tx, current);
    await logAdminActivity(
      tx,
      {
        action: 'tier_deleted',
        resourceType: 'subscription_tier',
        resourceId: id,
        adminUserId: actorId,
        details: { tier: current.tier, ...limitDetails(current) },
      },
      context,
    );
  });
}
