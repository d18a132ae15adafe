import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/notifications/read-all', {});
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
