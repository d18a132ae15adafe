import { NOTIFICATIONS_REFRESH_MS } from '@parley/shared/admin-console';
import type { UserNotification } from '@parley/shared/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface NotificationList {
  items: UserNotification[];
  unread: number;
}

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** GET /api/notifications: the signed-in user's latest messages and how many are unread. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationList> {
  return api.get<NotificationList>('/api/notifications', { signal });
}

export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications({ signal }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
