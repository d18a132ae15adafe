import { and, count, desc, eq, or, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';
import { chatbots, organizations, organizationUsageMonths, subscriptionTierLimits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { tokenBalance } from '../../services/token-ledger';

export const UNLIMITED = -1;

/** The current calendar month in UTC: usage resets on the 1st. */
export function currentPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The calendar month (UTC) that usage counters and monthly notices are kept under: `2026-05`. */
export const periodOf = (now = new Date()) => currentPeriod(now).start.toISOString().slice(0, 7);

/**
 * The month's metered tokens of an organization: its counter (organization_usage_months), which a trigger on
 * usage_ledger keeps equal to the sum of the month's ledger rows (migration 0024), read by its primary key. With values,
 * or with placeholders to prepare it.
 */
const monthUsage = (db: Db, organizationId: string | Placeholder, period: string | Placeholder) =>
  db
    .select({ tokens: organizationUsageMonths.tokens })
    .from(organizationUsageMonths)
    .where(and(eq(organizationUsageMonths.organizationId, organizationId), eq(organizationUsageMonths.period, period)));

/** What a cached tier is dropped on: a change of an organization's tier, or of a tier's limits. */
const TIER_TABLES = [organizations, subscriptionTierLimits];
const tierKey = (organizationId: string) => `tier:${organizationId}`;

/**
 * The tier whose limits apply to an organization (an unknown or inactive tier falls back to free) and, with `now`,
 * its tokens metered this month. One query, as it is on the path of every widget answer: the organization joined to
 * its own active tier and to free, its own first, with the month's counter beside it.
 */
async function readTier(db: Db, organizationId: string, now?: Date) {
  const ownActiveTier = and(eq(subscriptionTierLimits.tier, organizations.tier), eq(subscriptionTierLimits.isActive, true));
  const [row] = await db
    .select({ tier: subscriptionTierLimits, used: now ? sql<string | null>`(${monthUsage(db, organizationId, periodOf(now))})` : sql<null>`null` })
    .from(organizations)
    .leftJoin(subscriptionTierLimits, or(ownActiveTier, eq(subscriptionTierLimits.tier, 'free')))
    .where(eq(organizations.id, organizationId))
    .orderBy(desc(sql`coalesce(${ownActiveTier}, false)`))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  if (!row.tier) throw new AppError('SERVICE_UNAVAILABLE', 'No subscription tiers are configured.');
  return { tier: row.tier, used: Number(row.used ?? 0) };
}

/**
 * The tier whose limits apply to an organization; an unknown or inactive tier falls back to free. From `cache` when
 * given (the chat turn's reads): a change on Tier Limits or of the organization's plan drops it on every node.
 */
export async function organizationTier(db: Db, organizationId: string, cache?: ReadCache) {
  const read = async () => (await readTier(db, organizationId)).tier;
  return cache ? cache.read(TIER_TABLES, tierKey(organizationId), read) : read();
}

/**
 * The organization's tier and its tokens metered this month (UTC), in one query; with `cache`, the tier from it and
 * the month's tokens, never cached, by the counter's primary key.
 */
export async function organizationTierAndUsage(db: Db, organizationId: string, now = new Date(), cache?: ReadCache) {
  if (!cache) return readTier(db, organizationId, now);
  // A tier not kept is read with the month's tokens beside it, as without a cache: still one query.
  let used: number | undefined;
  const tier = await cache.read(TIER_TABLES, tierKey(organizationId), async () => {
    const read = await readTier(db, organizationId, now);
    used = read.used;
    return read.tier;
  });
  return { tier, used: used ?? (await tokensUsedThisMonth(db, organizationId, now)) };
}

/** The month's tokens, prepared once: every chat turn reads them (its limit check). */
const prepareMonthUsage = (db: Db, name: string) => monthUsage(db, sql.placeholder('organizationId'), sql.placeholder('period')).prepare(name);

export async function tokensUsedThisMonth(db: Db, organizationId: string, now = new Date()): Promise<number> {
  const [row] = await prepared(db, 'parley_month_usage', prepareMonthUsage).execute({ organizationId, period: periodOf(now) });
  return Number(row?.tokens ?? 0);
}

/**
 * Whether the organization may use more tokens now, with the figures that decided it: this month's tokens and the tier's
 * monthly limit. Past the monthly allowance, its credit tokens (rewards, purchases) are used before it is refused.
 */
export interface TokenAllowance {
  isOver: boolean;
  used: number;
  limit: number;
}

/** `cache`: the tier from the read cache (the chat turn); the month's tokens are always read. */
export async function tokenAllowance(db: Db, organizationId: string, cache?: ReadCache): Promise<TokenAllowance> {
  const { tier, used } = await organizationTierAndUsage(db, organizationId, new Date(), cache);
  const limit = tier.monthlyTokenLimit;
  if (limit === UNLIMITED || used < limit) return { isOver: false, used, limit };
  // Past the allowance, each use is taken from the token balance when it is metered: what is left of it is the sum.
  return { isOver: (await tokenBalance(db, organizationId)) <= 0, used, limit };
}

/** This month's allowance and token balance, as a document's cost is checked against them (null left: unlimited). */
export async function allowanceAndBalance(db: Db, organizationId: string) {
  const { tier, used } = await organizationTierAndUsage(db, organizationId);
  const limit = tier.monthlyTokenLimit;
  const balance = await tokenBalance(db, organizationId);
  return { limit, used, allowanceLeft: limit === UNLIMITED ? null : Math.max(0, limit - used), balance };
}

export async function isOverTokenLimit(db: Db, organizationId: string): Promise<boolean> {
  return (await tokenAllowance(db, organizationId)).isOver;
}

/** Refuses a new chatbot when the organization's tier allows no more (max_chatbots, -1 unlimited). */
export async function assertCanCreateChatbot(db: Db, organizationId: string): Promise<void> {
  const tier = await organizationTier(db, organizationId);
  if (tier.maxChatbots === UNLIMITED) return;
  const [row] = await db.select({ n: count() }).from(chatbots).where(eq(chatbots.organizationId, organizationId));
  if (Number(row?.n ?? 0) >= tier.maxChatbots) {
    throw new AppError(
      'LIMIT_REACHED',
      `Your ${tier.displayName} plan allows ${tier.maxChatbots} chatbot${tier.maxChatbots === 1 ? '' : 's'}. Delete one or upgrade your plan to create another.`,
    );
  }
}

export async function usageSummary(db: Db, organizationId: string) {
  const tier = await organizationTier(db, organizationId);
  const period = currentPeriod();
  const used = await tokensUsedThisMonth(db, organizationId);
  const [bots] = await db.select({ n: count() }).from(chatbots).where(eq(chatbots.organizationId, organizationId));
  const limit = tier.monthlyTokenLimit;
  // The ledger's sum: this month's use past the allowance is already taken from it, row by row.
  const creditBalance = await tokenBalance(db, organizationId);
  return {
    organizationId,
    tier: { tier: tier.tier, displayName: tier.displayName },
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    tokens: { used, limit, percent: limit === UNLIMITED || limit <= 0 ? null : Math.round((used / limit) * 1000) / 10, creditBalance },
    chatbots: { count: Number(bots?.n ?? 0), limit: tier.maxChatbots },
    isOverTokenLimit: limit !== UNLIMITED && used >= limit && creditBalance <= 0,
  };
}
