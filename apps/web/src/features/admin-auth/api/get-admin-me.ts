import { ADMIN_VERIFICATION_RETRIES, ADMIN_VERIFICATION_STALE_MS } from '@parley/shared/admin-console';
import type { AdminMe } from '@parley/shared/contracts/admin-auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';

export const ADMIN_ME_QUERY_KEY = ['admin', 'me'] as const;

/** GET /api/admin/me: whether the signed-in user is an active admin, with which role, and whether any admin exists. */
export function getAdminMe({ signal }: { signal?: AbortSignal } = {}): Promise<AdminMe> {
  return api.get<AdminMe>('/api/admin/me', { signal });
}

/** Spec part 1 §4 "Admin verification": cached 5 minutes, refetched on window focus, 2 retries. */
export function getAdminMeQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_ME_QUERY_KEY,
    queryFn: ({ signal }) => getAdminMe({ signal }),
    staleTime: ADMIN_VERIFICATION_STALE_MS,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => shouldRetry(failureCount, error, ADMIN_VERIFICATION_RETRIES),
  });
}

export function useAdminMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAdminMeQueryOptions(), enabled });
}
