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
