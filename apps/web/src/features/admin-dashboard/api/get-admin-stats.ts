import { ADMIN_STATS_REFRESH_MS } from '@parley/shared/admin-console';
import type { AdminStats } from '@parley/shared/contracts/admin-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/stats: the four dashboard figures; null fields have no data source in this install yet. */
export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return api.get<AdminStats>('/api/admin/stats', { signal });
}

export function getAdminStatsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'stats'], queryFn: ({ signal }) => getAdminStats({ signal }), refetchInterval: ADMIN_STATS_REFRESH_MS });
}

export function useAdminStats() {
  return useQuery(getAdminStatsQueryOptions());
}
