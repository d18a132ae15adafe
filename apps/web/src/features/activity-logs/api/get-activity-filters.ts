import type { ActivityFilterOptions } from '@parley/shared/contracts/activity-logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ACTIVITY_QUERY_KEY } from './get-activity-logs';

/** GET /api/admin/activity/filters: the actions, resource types and admins the log holds. */
export function getActivityFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'filters'],
    queryFn: ({ signal }) => api.get<ActivityFilterOptions>('/api/admin/activity/filters', { signal }),
  });
}

export const useActivityFilterOptions = () => useQuery(getActivityFilterOptionsQueryOptions());
