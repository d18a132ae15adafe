import { ACTIVITY_LOG_PAGE_SIZE, type ActivityLogPage } from '@parley/shared/contracts/activity-logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityFilterQuery, type ActivityFilterState } from '../utils/activity-filters';

export const ACTIVITY_QUERY_KEY = ['admin', 'activity'] as const;

/** GET /api/admin/activity: one page of the entries the filters match, and the three cards (system_admin). */
export function getActivityLogs(filters: ActivityFilterState, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<ActivityLogPage> {
  return api.get<ActivityLogPage>('/api/admin/activity', { query: { ...activityFilterQuery(filters), page, pageSize: ACTIVITY_LOG_PAGE_SIZE }, signal });
}

export function getActivityLogsQueryOptions(filters: ActivityFilterState, page: number) {
  return queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'list', filters, page],
    queryFn: ({ signal }) => getActivityLogs(filters, page, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useActivityLogs(filters: ActivityFilterState, page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getActivityLogsQueryOptions(filters, page), enabled });
}
