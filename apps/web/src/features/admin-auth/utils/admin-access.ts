import { hasAdminRole, type AdminRole } from '@parley/shared/access';
import { adminRouteFor, LAUNCH_MATERIALS_PATH, LAUNCH_MATERIALS_ROLE } from '@parley/shared/admin-routes';

export type AdminAccess =
  { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'denied' } | { kind: 'insufficient'; required: AdminRole } | { kind: 'granted'; role: AdminRole };

export interface AdminAccessInput {
  authStatus: 'loading' | 'signed-in' | 'signed-out' | 'error';
  /** undefined while the admin status is being read. */
  admin: { isAdmin: boolean; isActive: boolean; role: AdminRole | null } | undefined;
  adminFailed: boolean;
  pathname: string;
}

/** The role a path needs; /launch-materials needs developer; other paths outside ADMIN_ROUTES need any admin. */
export function requiredRoleFor(pathname: string): AdminRole | null {
  if ((pathname.replace(/\/+$/, '') || '/') === LAUNCH_MATERIALS_PATH) return LAUNCH_MATERIALS_ROLE;
  const route = adminRouteFor(pathname);
  return route && route.role !== 'any' ? route.role : null;
}

/** Spec part 1 §4 "Admin guard": loading → no user → not an admin → admin without the route's role → content. */
export function decideAdminAccess({ authStatus, admin, adminFailed, pathname }: AdminAccessInput): AdminAccess {
  if (authStatus === 'loading') return { kind: 'loading' };
  if (authStatus === 'signed-out') return { kind: 'signed-out' };
  if (authStatus === 'error' || adminFailed) return { kind: 'denied' };
  if (!admin) return { kind: 'loading' };
  if (!admin.isAdmin || !admin.isActive || !admin.role) return { kind: 'denied' };
  const required = requiredRoleFor(pathname);
  if (required && !hasAdminRole(admin.role, required)) return { kind: 'insufficient', required };
  return { kind: 'granted', role: admin.role };
}
