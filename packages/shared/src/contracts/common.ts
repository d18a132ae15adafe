import { z } from 'zod';
import { UUID_PATTERN } from '../constants';

/** An id is valid only if it matches the standard UUID pattern, versions 1 to 5 (spec part 1 §5). */
export const idSchema = z.string().regex(UUID_PATTERN, 'Invalid id: must be a UUID');
export const idParamsSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(25),
});

export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/**
 * The `updatedAt` of the record an edit was made on (optimistic concurrency). When another administrator saved the
 * record in between, the save is refused (409) instead of silently putting back what they changed; without it the
 * last save wins (API callers that do not send it).
 */
export const expectedUpdatedAtSchema = z.iso.datetime({ offset: true, error: 'expectedUpdatedAt must be a date and time (ISO 8601).' }).optional();
