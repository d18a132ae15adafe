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
  warnings: z.array(z.string()),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
