import type { ActionAnalytics } from '@parley/shared/contracts/ai-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** GET /api/admin/ai-actions/analytics: the four counts and the split by category and by action type. */
export function getActionAnalytics({ signal }: { signal?: AbortSignal } = {}): Promise<ActionAnalytics> {
  return api.get<ActionAnalytics>('/api/admin/ai-actions/analytics', { signal });
}

export function getActionAnalyticsQueryOptions() {
  return queryOptions({ queryKey: [...AI_ACTIONS_QUERY_ROOT, 'analytics'], queryFn: ({ signal }) => getActionAnalytics({ signal }) });
}

export function useActionAnalytics() {
  return useQuery(getActionAnalyticsQueryOptions());
}
