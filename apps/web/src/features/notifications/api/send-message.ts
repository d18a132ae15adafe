import type { BroadcastBody } from '@parley/shared/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/notifications: one notification per recipient; answers how many were sent. */
export function sendMessage(body: BroadcastBody): Promise<{ sent: number }> {
  return api.post<{ sent: number }>('/api/admin/notifications', body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The sender may be among the recipients; the activity log gains an entry.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
    },
  });
}
