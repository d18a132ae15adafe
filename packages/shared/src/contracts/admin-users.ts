import { z } from 'zod';
import { ADMIN_ROLES, invalidAdminRoleMessage, parseAdminRole } from '../access';
import { idSchema } from './common';

/** An admin role by name; anything else is refused with the list of roles. */
const adminRole = z.string({ error: 'Role is required' }).transform((value, ctx) => {
  const role = parseAdminRole(value);
  if (!role) {
    ctx.addIssue({ code: 'custom', message: invalidAdminRoleMessage(value) });
    return z.NEVER;
  }
  return role;
});

export const adminUserSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userEmail: z.string(),
  role: z.enum(ADMIN_ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ items: z.array(adminUserSchema) });

export const createAdminUserBodySchema = z.object({
  userId: idSchema,
  role: adminRole,
});
export const updateAdminUserBodySchema = z
  .object({ role: adminRole.optional(), isActive: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, 'Nothing to update: give role or isActive');

/** The Add admin dialog's e-mail search (an e-mail address is at most 254 characters). */
export const PROFILE_SEARCH_MAX = 254;
export const profileSearchQuerySchema = z.object({ email: z.string().max(PROFILE_SEARCH_MAX).default('') });
export const profileSearchResultSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), email: z.string(), createdAt: z.string() })),
});
