import { SECURITY_REFRESH_MS, type CspViolationItem, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/security/csp-violations: the 10 violations seen most recently in the window. */
export function getCspViolations(hours: SecurityTimeframeHours, { signal }: { signal?: AbortSignal } = {}): Promise<CspViolationItem[]> {
  return api.get<{ items: CspViolationItem[] }>('/api/admin/security/csp-violations', { query: { timeframeHours: hours }, signal }).then((body) => body.items);
}

export function getCspViolationsQueryOptions(hours: SecurityTimeframeHours) {
  return queryOptions({
    queryKey: ['admin', 'security', 'csp-violations', hours],
    queryFn: ({ signal }) => getCspViolations(hours, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
  });
}

export function useCspViolations(hours: SecurityTimeframeHours) {
  return useQuery(getCspViolationsQueryOptions(hours));
}
