import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every analytics query key starts with this. */
export const ANALYTICS_QUERY_ROOT = ['analytics'] as const;

/** A period of whole days in a time zone, all chatbots or one: what every analytics figure is about. */
export interface AnalyticsParams {
  from: string;
  to: string;
  tz: string;
  chatbotId?: string | undefined;
}

/** GET /api/analytics/summary: totals, the previous period's totals, and the figures per day, hour and chatbot. */
export function getAnalyticsSummary(params: AnalyticsParams, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsSummary> {
  return api.get<AnalyticsSummary>('/api/analytics/summary', { query: { ...params }, signal });
}

export function getAnalyticsSummaryQueryOptions(params: AnalyticsParams) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_ROOT, 'summary', params],
    queryFn: ({ signal }) => getAnalyticsSummary(params, { signal }),
    // Keep the charts on screen (dimmed) while another period or chatbot loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsSummary(params: AnalyticsParams) {
  return useQuery(getAnalyticsSummaryQueryOptions(params));
}
