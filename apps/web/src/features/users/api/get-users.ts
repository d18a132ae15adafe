import { USER_LIST_PAGE_SIZE } from '@parley/shared/admin-console';
import type { ManagedUser } from '@parley/shared/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UserStatusFilter = 'all' | 'active' | 'deactivated';

export interface UserListParams {
  search: string;
  status: UserStatusFilter;
  page: number;
}

export interface UserListPage {
  items: ManagedUser[];
  total: number;
  page: number;
  pageSize: number;
}

export const USERS_QUERY_ROOT = ['admin', 'users'] as const;

/** GET /api/admin/users: newest first, 100 a page (spec part 1 §9), searched on e-mail or name, filtered by status. */
export function getUsers(params: UserListParams, { signal }: { signal?: AbortSignal } = {}): Promise<UserListPage> {
  return api.get<UserListPage>('/api/admin/users', {
    query: { search: params.search.trim() || undefined, status: params.status, page: params.page, pageSize: USER_LIST_PAGE_SIZE },
    signal,
  });
}

export function getUsersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...USERS_QUERY_ROOT, 'list', params],
    queryFn: ({ signal }) => getUsers(params, { signal }),
    // Keep the current rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(getUsersQueryOptions(params));
}
