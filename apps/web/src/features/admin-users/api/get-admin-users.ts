import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/admin-users: every admin with the user's e-mail, newest first. */
export function getAdminUsers({ signal }: { signal?: AbortSignal } = {}): Promise<{ items: AdminUser[] }> {
  return api.get<{ items: AdminUser[] }>('/api/admin/admin-users', { signal });
}

export function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'admin-users'], queryFn: ({ signal }) => getAdminUsers({ signal }) });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
