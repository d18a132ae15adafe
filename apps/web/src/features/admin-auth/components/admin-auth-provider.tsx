import { hasAdminRole, type AdminRole } from '@parley/shared/access';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useAdminMe } from '../api/get-admin-me';
import { AdminAuthContext, type AdminAuthContextValue } from '../hooks/use-admin-auth';

/** The signed-in user's admin status for everything under /admin. `enabled` is false until a session exists. */
export function AdminAuthProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const query = useAdminMe({ enabled });
  const adminMe = query.data;
  const role = adminMe?.isAdmin && adminMe.isActive ? adminMe.role : null;
  const hasRole = useCallback((required: AdminRole) => hasAdminRole(role, required), [role]);
  const { refetch, isPending, error } = query;

  const value = useMemo<AdminAuthContextValue>(
    () => ({ adminMe, role, isAdmin: role !== null, isLoading: enabled && isPending, error, hasRole, refetch }),
    [adminMe, role, enabled, isPending, error, hasRole, refetch],
  );
  return <AdminAuthContext value={value}>{children}</AdminAuthContext>;
}
