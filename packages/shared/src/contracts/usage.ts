import { z } from 'zod';
export const usageResponseSchema = z.object({
  organizationId: z.uuid(),
  tier: z.object({ tier: z.string(), displayName: z.string() }),
  period: z.object({ start: z.string(), end: z.string() }), // ISO timestamps, the current calendar month (UTC)
  tokens: z.object({
    used: z.number().int(),
    limit: z.number().int(), // -1 = unlimited, percent null then
    percent: z.number().nullable(),
    /** Reward and purchased tokens left (token_credits), used after the monthly allowance. */
    creditBalance: z.number().int(),
  }),
  chatbots: z.object({ count: z.number().int(), limit: z.number().int() }), // limit -1 = unlimited
  isOverTokenLimit: z.boolean(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;
