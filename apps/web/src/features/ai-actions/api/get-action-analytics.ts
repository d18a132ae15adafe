import { ACTION_USAGE_DEFAULT_DAYS, type ActionAnalytics } from '@parley/shared/contracts/ai-actions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** GET /api/admin/ai-actions/analytics: the template counts, and the calls chatbots made over the last `days` days. */
export function getActionAnalytics(days: number, { signal }: { signal?: AbortSignal } = {}): Promise<ActionAnalytics> {
  return api.get<ActionAnalytics>('/api/admin/ai-actions/analytics', { signal, query: { days } });
}

export function getActionAnalyticsQueryOptions(days: number = ACTION_USAGE_DEFAULT_DAYS) {
  return queryOptions({
    queryKey: [...AI_ACTIONS_QUERY_ROOT, 'analytics', { days }],
    queryFn: ({ signal }) => getActionAnalytics(days, { signal }),
    // Another period keeps the figures on screen (dimmed) while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useActionAnalytics(days?: number) {
  return useQuery(getActionAnalyticsQueryOptions(days));
}
