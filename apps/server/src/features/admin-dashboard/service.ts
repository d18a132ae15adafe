import type { AdminStats } from '@parley/shared/contracts/admin';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { healthProbes, profiles } from '../../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;
const GROWTH_WINDOW_DAYS = 30;

/** Percentage change of the last 30 days against the 30 days before (spec §9 growth window). */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Optional sources that later features plug in (chatbots, billing, conversations). */
export interface StatsSources {
  chatbots?: () => Promise<{ total: number; current: number; previous: number }>;
  revenue?: () => Promise<{ monthlyCents: number; previousCents: number }>;
  conversations?: () => Promise<number>;
}

export async function adminStats(db: Db, sources: StatsSources = {}): Promise<AdminStats> {
  const now = Date.now();
  const windowStart = new Date(now - GROWTH_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now - 2 * GROWTH_WINDOW_DAYS * DAY_MS);
  const [[total], [current], [previous], [probes], [healthy]] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(profiles).where(gte(profiles.createdAt, windowStart)),
    db
      .select({ n: count() })
      .from(profiles)
      .where(and(gte(profiles.createdAt, previousStart), lt(profiles.createdAt, windowStart))),
    db.select({ n: count() }).from(healthProbes).where(gte(healthProbes.checkedAt, windowStart)),
    db
      .select({ n: count() })
      .from(healthProbes)
      .where(and(gte(healthProbes.checkedAt, windowStart), eq(healthProbes.isHealthy, true))),
  ]);
  const chatbots = sources.chatbots ? await sources.chatbots() : null;
  const revenue = sources.revenue ? await sources.revenue() : null;
  const probeCount = Number(probes?.n ?? 0);
  return {
    totalUsers: Number(total?.n ?? 0),
    userGrowth: growthPercent(Number(current?.n ?? 0), Number(previous?.n ?? 0)),
    totalChatbots: chatbots?.total ?? null,
    chatbotGrowth: chatbots ? growthPercent(chatbots.current, chatbots.previous) : null,
    monthlyRevenue: revenue ? revenue.monthlyCents / 100 : null,
    revenueGrowth: revenue ? growthPercent(revenue.monthlyCents, revenue.previousCents) : null,
    systemUptime: probeCount ? Math.round((Number(healthy?.n ?? 0) / probeCount) * 10000) / 100 : null,
    monthlyConversations: sources.conversations ? await sources.conversations() : null,
  };
}
