import type { TierRateLimits } from '@parley/shared/contracts/tier-limits';
import type { Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import type { RateLimiter, RateLimitResult } from '../../lib/rate-limiter';
import { organizationTier } from '../usage/index';

/**
 * The rate limits of an organization's tier (an unknown or inactive tier falls back to free, as for every limit).
 * From the read cache, whose tiers every node drops when a tier or an organization's plan changes: a change on Tier
 * Limits holds on every node without a restart, as soon as the change's notification reaches it.
 */
export async function tierRateLimits(db: Db, organizationId: string, cache: ReadCache): Promise<TierRateLimits> {
  const tier = await organizationTier(db, organizationId, cache);
  return {
    apiKeyRequestsPerMinute: tier.apiKeyRequestsPerMinute,
    chatbotMessagesPerMinute: tier.chatbotMessagesPerMinute,
    visitorMessagesPerMinute: tier.visitorMessagesPerMinute,
  };
}

/** A limit counted for a request: its allowance and what the limiter answered. */
export interface CountedLimit {
  limit: number;
  result: RateLimitResult;
}

/**
 * Counts one request against each limit, in order, stopping at the first that refuses (a request refused by one
 * uses none of the later ones' allowance). A limiter that fails lets the request through (the limits protect, they
 * do not gate): that limit is then left out.
 */
export async function countLimits(
  rateLimiter: RateLimiter,
  limits: { key: string; limit: number; windowSeconds?: number }[],
): Promise<{ counted: CountedLimit[]; refused: CountedLimit | null }> {
  const counted: CountedLimit[] = [];
  for (const { key, limit, windowSeconds = 60 } of limits) {
    const result = await rateLimiter.hit(key, limit, windowSeconds).catch(() => null);
    if (!result) continue;
    const entry = { limit, result };
    counted.push(entry);
    if (!result.allowed) return { counted, refused: entry };
  }
  return { counted, refused: null };
}

/**
 * The headers that tell a client where it stands: on a refusal the refusing limit with `retry-after`; otherwise the
 * tightest of the limits counted (the least remaining, then the lowest limit). None when no limiter answered.
 */
export function rateLimitHeaders(counted: CountedLimit[], refused: CountedLimit | null = null): Record<string, string> {
  if (refused) {
    return {
      'x-ratelimit-limit': String(refused.limit),
      'x-ratelimit-remaining': '0',
      'retry-after': String(refused.result.retryAfterSeconds),
    };
  }
  const tightest = [...counted].sort((a, b) => a.result.remaining - b.result.remaining || a.limit - b.limit)[0];
  if (!tightest) return {};
  return { 'x-ratelimit-limit': String(tightest.limit), 'x-ratelimit-remaining': String(tightest.result.remaining) };
}

/** For CORS: the rate-limit headers a page's script may read. */
export const RATE_LIMIT_EXPOSED_HEADERS = 'retry-after, x-ratelimit-limit, x-ratelimit-remaining';
