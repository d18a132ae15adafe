import { ACTION_STATS_PAGE_SIZE, type ActionStats } from '@parley/shared/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANALYTICS_QUERY_ROOT, type AnalyticsParams } from './get-analytics-summary';

/** GET /api/analytics/actions: per action of a chatbot, its calls in the period, success rate, duration and last error. */
export function getActionStats(params: AnalyticsParams & { page: number; pageSize: number }, { signal }: { signal?: AbortSignal } = {}): Promise<ActionStats> {
  return api.get<ActionStats>('/api/analytics/actions', { query: { ...params }, signal });
}

export function getActionStatsQueryOptions(params: AnalyticsParams, page: number, pageSize: number = ACTION_STATS_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_ROOT, 'actions', { ...params, page, pageSize }],
    queryFn: ({ signal }) => getActionStats({ ...params, page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useActionStats(params: AnalyticsParams, page: number) {
  return useQuery(getActionStatsQueryOptions(params, page));
}
