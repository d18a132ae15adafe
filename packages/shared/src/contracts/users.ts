import { z } from 'zod';
import { paginated, pageQuerySchema } from './common';

/** User management. */
export const userStatusFilter = z.enum(['all', 'active', 'deactivated']);
/** The User Management search box holds at most this many characters (the server refuses longer). */
export const USER_SEARCH_MAX = 200;
export const userListQuerySchema = pageQuerySchema.extend({
  search: z.string().max(USER_SEARCH_MAX, `search must be at most ${USER_SEARCH_MAX} characters`).default(''),
  status: userStatusFilter.default('all'),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(100),
});
export const managedUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const userListResponseSchema = paginated(managedUserSchema);
export const userStatsSchema = z.object({
  total_users: z.number().int(),
  active_users: z.number().int(),
  new_users_this_month: z.number().int(),
  total_chatbots: z.number().int().nullable(),
});
