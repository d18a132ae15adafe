import { z } from 'zod';

/**
 * Admin dashboard (spec §3 "Admin stats response"); a null figure = no data source yet. A null growth beside a figure:
 * the previous 30 days had none, so there is no percentage (shown as "New", never "+100%").
 */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  userGrowth: z.number().nullable(),
  totalChatbots: z.number().int().nullable(),
  chatbotGrowth: z.number().nullable(),
  monthlyRevenue: z.number().nullable(),
  revenueGrowth: z.number().nullable(),
  systemUptime: z.number().nullable(),
  monthlyConversations: z.number().int().nullable(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const healthStatusSchema = z.enum(['healthy', 'warning', 'error']);
export const systemHealthSchema = z.object({
  items: z.array(z.object({ name: z.string(), status: healthStatusSchema, detail: z.string() })),
});

export const healthMonitorSchema = z.object({
  probes: z.array(z.object({ checkedAt: z.string(), responseTimeMs: z.number(), isHealthy: z.boolean(), node: z.string() })),
  averageResponseTimeMs: z.number(),
  successRate: z.number(),
  lastProbeHealthy: z.boolean().nullable(),
  isStressed: z.boolean(),
  stressReasons: z.array(z.string()),
});
export type HealthMonitor = z.infer<typeof healthMonitorSchema>;
