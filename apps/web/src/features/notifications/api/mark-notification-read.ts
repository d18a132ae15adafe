import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions, type NotificationList } from './get-notifications';

/** POST /api/notifications/:id/read. */
export function markNotificationRead(id: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, {});
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions();
  return useMutation({
    mutationFn: markNotificationRead,
    // The bell updates at once; the server's answer confirms it.
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<NotificationList>(queryKey);
      if (previous) {
        const target = previous.items.find((item) => item.id === id);
        queryClient.setQueryData<NotificationList>(queryKey, {
          items: previous.items.map((item) => (item.id === id ? { ...item, isRead: true } : item)),
          unread: target && !target.isRead ? Math.max(0, previous.unread - 1) : previous.unread,
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
