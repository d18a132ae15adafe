import { z } from 'zod';
import { ADMIN_ROLES, invalidAdminRoleMessage, parseAdminRole } from '../access';
import { idSchema, paginated, pageQuerySchema } from './common';

const adminRole = z.string({ error: 'Role is required' }).transform((value, ctx) => {
  const role = parseAdminRole(value);
  if (!role) {
    ctx.addIssue({ code: 'custom', message: invalidAdminRoleMessage(value) });
    return z.NEVER;
  }
  return role;
});

/** GET /api/admin/me: the caller's admin status, read on the server. */
export const adminMeResponseSchema = z.object({
  userId: z.uuid(),
  isAdmin: z.boolean(),
  role: z.enum(ADMIN_ROLES).nullable(),
  isActive: z.boolean(),
  noAdminsExist: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeResponseSchema>;

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

/** Activity logs. */
export const activityLogSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  adminUserId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;
export const activityLogListSchema = z.object({
  items: z.array(activityLogSchema),
  summary: z.object({ total: z.number().int(), recent24h: z.number().int(), distinctAdmins: z.number().int() }),
});

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

/** Debug console test-admin form (development only). */
export const testAdminBodySchema = z.object({
  email: z.string().trim().min(1, 'Please enter email and password').pipe(z.email('Enter a valid e-mail address')),
  password: z.string().min(1, 'Please enter email and password').min(8, 'Password must be at least 8 characters').max(128),
});

export { idSchema };
