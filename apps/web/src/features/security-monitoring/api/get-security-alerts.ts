import { SECURITY_REFRESH_MS, type SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SECURITY_ALERTS_QUERY_KEY = ['admin', 'security', 'alerts'] as const;

/** GET /api/admin/security/alerts: open alerts (or all), most recently seen first. */
export function getSecurityAlerts(status: 'open' | 'all', { signal }: { signal?: AbortSignal } = {}): Promise<{ items: SecurityAlert[]; open: number }> {
  return api.get<{ items: SecurityAlert[]; open: number }>('/api/admin/security/alerts', { query: { status }, signal });
}

export function getSecurityAlertsQueryOptions(status: 'open' | 'all') {
  return queryOptions({
    queryKey: [...SECURITY_ALERTS_QUERY_KEY, status],
    queryFn: ({ signal }) => getSecurityAlerts(status, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
  });
}

export function useSecurityAlerts(status: 'open' | 'all') {
  return useQuery(getSecurityAlertsQueryOptions(status));
}
