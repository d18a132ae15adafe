import type { N8nMonitoring, N8nTimeRange } from '@parley/shared/contracts/n8n';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** Monitoring refreshes itself while it is on screen. */
const MONITORING_REFRESH_MS = 30_000;

/** GET /api/admin/n8n/monitoring?range=: figures of the recorded requests to n8n. */
export function getMonitoring(range: N8nTimeRange, { signal }: { signal?: AbortSignal } = {}): Promise<N8nMonitoring> {
  return api.get<N8nMonitoring>('/api/admin/n8n/monitoring', { query: { range }, signal });
}

export function getMonitoringQueryOptions(range: N8nTimeRange) {
  return queryOptions({
    queryKey: [...N8N_QUERY_ROOT, 'monitoring', range],
    queryFn: ({ signal }) => getMonitoring(range, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MONITORING_REFRESH_MS,
  });
}

export function useMonitoring(range: N8nTimeRange) {
  return useQuery(getMonitoringQueryOptions(range));
}
