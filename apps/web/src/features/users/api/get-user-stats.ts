import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USERS_QUERY_ROOT } from './get-users';

export interface UserStats {
  total_users: number;
  active_users: number;
  new_users_this_month: number;
  /** null until chatbots exist in this install. */
  total_chatbots: number | null;
}

/** GET /api/admin/users/stats: the four counts of the User Management cards. */
export function getUserStats({ signal }: { signal?: AbortSignal } = {}): Promise<UserStats> {
  return api.get<UserStats>('/api/admin/users/stats', { signal });
}

export function getUserStatsQueryOptions() {
  return queryOptions({ queryKey: [...USERS_QUERY_ROOT, 'stats'], queryFn: ({ signal }) => getUserStats({ signal }) });
}

export function useUserStats() {
  return useQuery(getUserStatsQueryOptions());
}
