import { SECURITY_REFRESH_MS, type SecurityMetricsResponse, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/security/metrics: the spec's security metrics and the score over 24 or 168 hours. */
export function getSecurityMetrics(hours: SecurityTimeframeHours, { signal }: { signal?: AbortSignal } = {}): Promise<SecurityMetricsResponse> {
  return api.get<SecurityMetricsResponse>('/api/admin/security/metrics', { query: { timeframeHours: hours }, signal });
}

export function getSecurityMetricsQueryOptions(hours: SecurityTimeframeHours) {
  return queryOptions({
    queryKey: ['admin', 'security', 'metrics', hours],
    queryFn: ({ signal }) => getSecurityMetrics(hours, { signal }),
    // Spec §9: security metrics refresh every 30 s.
    refetchInterval: SECURITY_REFRESH_MS,
  });
}

export function useSecurityMetrics(hours: SecurityTimeframeHours) {
  return useQuery(getSecurityMetricsQueryOptions(hours));
}
