import { ADMIN_LIVE_REFRESH_MS } from '@parley/shared/admin-console';
import type { ActivityLog } from '@parley/shared/contracts/activity-logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/activity/recent: the 5 latest admin activity entries (any admin). */
export function getRecentActivity({ signal }: { signal?: AbortSignal } = {}): Promise<{ items: ActivityLog[] }> {
  return api.get<{ items: ActivityLog[] }>('/api/admin/activity/recent', { signal });
}

export function getRecentActivityQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'activity', 'recent'],
    queryFn: ({ signal }) => getRecentActivity({ signal }),
    refetchInterval: ADMIN_LIVE_REFRESH_MS,
  });
}

export function useRecentActivity() {
  return useQuery(getRecentActivityQueryOptions());
}
