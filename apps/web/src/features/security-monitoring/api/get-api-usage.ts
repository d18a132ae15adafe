import { SECURITY_REFRESH_MS, type ApiUsageResponse, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/security/api-usage: API usage analytics, the calls over time, busiest routes and limits. */
export function getApiUsage(hours: SecurityTimeframeHours, { signal }: { signal?: AbortSignal } = {}): Promise<ApiUsageResponse> {
  return api.get<ApiUsageResponse>('/api/admin/security/api-usage', { query: { timeframeHours: hours }, signal });
}

export function getApiUsageQueryOptions(hours: SecurityTimeframeHours) {
  return queryOptions({
    queryKey: ['admin', 'security', 'api-usage', hours],
    queryFn: ({ signal }) => getApiUsage(hours, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
  });
}

export function useApiUsage(hours: SecurityTimeframeHours) {
  return useQuery(getApiUsageQueryOptions(hours));
}
