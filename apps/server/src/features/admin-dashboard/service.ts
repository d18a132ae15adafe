import type { AdminStats } from '@parley/shared/contracts/admin-dashboard';
import { and, count, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { healthProbes, profiles } from '../../db/schema/index';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * MINUTE_MS;
const GROWTH_WINDOW_DAYS = 30;

/**
 * Percentage change of the last 30 days against the 30 days before (spec §9 growth window). null when the period
 * before had nothing and this one has something: no percentage describes growth from zero (the card says "New").
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return current > 0 ? null : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Optional sources that later features plug in (chatbots, billing, conversations). */
export interface StatsSources {
  chatbots?: () => Promise<{ total: number; current: number; previous: number }>;
  revenue?: () => Promise<{ monthlyCents: number; previousCents: number }>;
  conversations?: () => Promise<number>;
}

/**
 * System Uptime: the share of the minutes of the last 30 days, from the first recorded probe on, in which some node's
 * probe was healthy. A minute without any probe counts as down (every node stopped, or none could reach the
 * database and none has written its backlog yet); several nodes probing in one minute count once. The current minute
 * counts once it has a probe. null before the first probe.
 */
export async function systemUptimePercent(db: Db, now = new Date()): Promise<number | null> {
  const windowStart = new Date(now.getTime() - GROWTH_WINDOW_DAYS * DAY_MS);
  const currentMinute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const [row] = await db
    .select({
      up: sql<number>`count(DISTINCT date_trunc('minute', ${healthProbes.checkedAt})) FILTER (WHERE ${healthProbes.isHealthy})`.mapWith(Number),
      first: sql<string | null>`min(${healthProbes.checkedAt})`,
      currentHasProbe: sql<boolean | null>`bool_or(${healthProbes.checkedAt} >= ${currentMinute.toISOString()})`,
    })
    .from(healthProbes)
    .where(and(gte(healthProbes.checkedAt, windowStart), lte(healthProbes.checkedAt, now)));
  if (!row?.first) return null;
  const firstMinute = Math.floor(new Date(row.first).getTime() / MINUTE_MS) * MINUTE_MS;
  const minutes = (currentMinute.getTime() - firstMinute) / MINUTE_MS + (row.currentHasProbe ? 1 : 0);
  if (minutes <= 0) return null;
  return Math.round(Math.min(1, row.up / minutes) * 10000) / 100;
}

export async function adminStats(db: Db, sources: StatsSources = {}): Promise<AdminStats> {
  const now = Date.now();
  const windowStart = new Date(now - GROWTH_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now - 2 * GROWTH_WINDOW_DAYS * DAY_MS);
  const [[total], [current], [previous], uptime] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(profiles).where(gte(profiles.createdAt, windowStart)),
    db
      .select({ n: count() })
      .from(profiles)
      .where(and(gte(profiles.createdAt, previousStart), lt(profiles.createdAt, windowStart))),
    systemUptimePercent(db, new Date(now)),
  ]);
  const chatbots = sources.chatbots ? await sources.chatbots() : null;
  const revenue = sources.revenue ? await sources.revenue() : null;
  return {
    totalUsers: Number(total?.n ?? 0),
    userGrowth: growthPercent(Number(current?.n ?? 0), Number(previous?.n ?? 0)),
    totalChatbots: chatbots?.total ?? null,
    chatbotGrowth: chatbots ? growthPercent(chatbots.current, chatbots.previous) : null,
    monthlyRevenue: revenue ? revenue.monthlyCents / 100 : null,
    revenueGrowth: revenue ? growthPercent(revenue.monthlyCents, revenue.previousCents) : null,
    systemUptime: uptime,
    monthlyConversations: sources.conversations ? await sources.conversations() : null,
  };
}
