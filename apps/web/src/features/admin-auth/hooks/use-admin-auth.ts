import type { AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminMe } from '@parley/shared/contracts/admin-auth';
import { createContext, useContext } from 'react';

export interface AdminAuthContextValue {
  /** The server's answer; undefined while it is being read. */
  adminMe: AdminMe | undefined;
  role: AdminRole | null;
  isAdmin: boolean;
  isLoading: boolean;
  error: Error | null;
  /** system_admin passes every check, developer passes developer and support, support passes support. */
  hasRole: (required: AdminRole) => boolean;
  refetch: () => Promise<unknown>;
}

export const AdminAuthContext = createContext<AdminAuthContextValue | null>(null);

export function useAdminAuth(): AdminAuthContextValue {
  const context = useContext(AdminAuthContext);
  if (!context) throw new Error(ADMIN_MESSAGES.useAdminAuthOutsideProvider);
  return context;
}
