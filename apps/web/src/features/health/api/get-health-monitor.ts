import { ADMIN_LIVE_REFRESH_MS } from '@parley/shared/admin-console';
import type { HealthMonitor } from '@parley/shared/contracts/admin-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/health: the last 100 probes (the server probes every 30 s), success rate and stress flags. */
export function getHealthMonitor({ signal }: { signal?: AbortSignal } = {}): Promise<HealthMonitor> {
  return api.get<HealthMonitor>('/api/admin/health', { signal });
}

export function getHealthMonitorQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'health'], queryFn: ({ signal }) => getHealthMonitor({ signal }), refetchInterval: ADMIN_LIVE_REFRESH_MS });
}

export function useHealthMonitor() {
  return useQuery(getHealthMonitorQueryOptions());
}
