import { ACTIVITY_LOG_LIMIT } from '@parley/shared/admin-console';
import type { ActivityLog } from '@parley/shared/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ActivityLogList {
  items: ActivityLog[];
  summary: { total: number; recent24h: number; distinctAdmins: number };
}

/** GET /api/admin/activity?limit=100: the newest entries and the three summary counts (system_admin). */
export function getActivityLogs({ signal }: { signal?: AbortSignal } = {}): Promise<ActivityLogList> {
  return api.get<ActivityLogList>('/api/admin/activity', { query: { limit: ACTIVITY_LOG_LIMIT }, signal });
}

export function getActivityLogsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'activity', 'list'], queryFn: ({ signal }) => getActivityLogs({ signal }) });
}

export function useActivityLogs() {
  return useQuery(getActivityLogsQueryOptions());
}
