import { z } from 'zod';

/** Every error the API returns has this shape. */
export const errorResponseSchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The error answers a route declares, by status: `errorResponses(400, 401, 403, 404)` is those four statuses with
 * the one error shape (a route's schema spreads it beside its success answer).
 */
export function errorResponses<const Statuses extends readonly number[]>(...statuses: Statuses): { [Status in Statuses[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as { [Status in Statuses[number]]: typeof errorResponseSchema };
}
