import type { HandoffDetail, HandoffListResponse } from '@parley/shared/contracts/handoffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getHandoffQueryOptions } from './get-handoff';
import { HANDOFF_LISTS_QUERY_ROOT } from './get-handoffs';

/** POST /api/handoffs/:id/read: the visitor's messages so far count as read. */
export function markHandoffRead(handoffId: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/api/handoffs/${encodeURIComponent(handoffId)}/read`, {});
}

export function useMarkHandoffRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHandoffRead,
    // The row's badge and the nav's total drop at once; the refetch afterwards confirms them.
    onMutate: async (handoffId) => {
      await queryClient.cancelQueries({ queryKey: HANDOFF_LISTS_QUERY_ROOT });
      queryClient.setQueriesData<HandoffListResponse>({ queryKey: HANDOFF_LISTS_QUERY_ROOT }, (list) => {
        const unread = list?.items.find((item) => item.id === handoffId)?.unreadCount ?? 0;
        if (!list || unread === 0) return list;
        return {
          ...list,
          unreadTotal: Math.max(0, list.unreadTotal - unread),
          items: list.items.map((item) => (item.id === handoffId ? { ...item, unreadCount: 0 } : item)),
        };
      });
      queryClient.setQueryData<HandoffDetail>(getHandoffQueryOptions(handoffId).queryKey, (detail) =>
        detail ? { ...detail, handoff: { ...detail.handoff, unreadCount: 0 } } : detail,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: HANDOFF_LISTS_QUERY_ROOT }),
  });
}
