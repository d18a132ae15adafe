import type { ManagedUser } from '@parley/shared/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USERS_QUERY_ROOT } from './get-users';

/** GET /api/admin/users/:id: one user; the server records the view (user_viewed). */
export function getUser(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ManagedUser> {
  return api.get<ManagedUser>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });
}

export function getUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_ROOT, 'detail', id],
    queryFn: ({ signal }) => getUser(id, { signal }),
    staleTime: 0,
    // Each read is an audited view: only opening the dialog should record one, not returning to the tab.
    refetchOnWindowFocus: false,
  });
}

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
