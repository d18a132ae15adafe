import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['healthy', 'warning', 'error']),
    driver: z.enum(['pglite', 'postgres']),
    responseTimeMs: z.number(),
    vectorSearch: z.enum(['pgvector', 'exact']),
    error: z.string().optional(),
  }),
  /** Present when REDIS_URL is set: whether rate-limit counters and live updates are shared through it right now. */
  redis: z.object({ status: z.enum(['ok', 'error']) }).optional(),
  warnings: z.array(z.string()),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
