import { z } from 'zod';
import { ADMIN_ROLES } from '../access';

/** GET /api/admin/me: the caller's admin status, read on the server. */
export const adminMeResponseSchema = z.object({
  userId: z.uuid(),
  isAdmin: z.boolean(),
  role: z.enum(ADMIN_ROLES).nullable(),
  isActive: z.boolean(),
  noAdminsExist: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeResponseSchema>;

/**
 * What only the browser sees and the server records: the console's sign-out (spec §6 action names). Page views such as
 * the spec's admin_dashboard_view are not activity: they buried the changes the log is for.
 */
export const CLIENT_ADMIN_ACTIONS = ['admin_logout'] as const;
export const clientAdminActivityBodySchema = z.object({
  action: z.enum(CLIENT_ADMIN_ACTIONS),
  resourceType: z.string().min(1).max(50).default('admin_panel'),
  resourceId: z.string().max(100).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** Debug console test-admin form (development only). */
export const testAdminBodySchema = z.object({
  email: z.string().trim().min(1, 'Please enter email and password').pipe(z.email('Enter a valid e-mail address')),
  password: z.string().min(1, 'Please enter email and password').min(8, 'Password must be at least 8 characters').max(128),
});
