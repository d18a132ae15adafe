import { SECURITY_REFRESH_MS, type SecurityEventItem, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/security/events: the 10 most recent security events of the window. */
export function getSecurityEvents(hours: SecurityTimeframeHours, { signal }: { signal?: AbortSignal } = {}): Promise<SecurityEventItem[]> {
  return api.get<{ items: SecurityEventItem[] }>('/api/admin/security/events', { query: { timeframeHours: hours }, signal }).then((body) => body.items);
}

export function getSecurityEventsQueryOptions(hours: SecurityTimeframeHours) {
  return queryOptions({
    queryKey: ['admin', 'security', 'events', hours],
    queryFn: ({ signal }) => getSecurityEvents(hours, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
  });
}

export function useSecurityEvents(hours: SecurityTimeframeHours) {
  return useQuery(getSecurityEventsQueryOptions(hours));
}
