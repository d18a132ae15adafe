import type { HandoffCloseOutcome, HandoffDetail, HandoffSummary } from '@parley/shared/contracts/handoffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getHandoffQueryOptions } from './get-handoff';
import { INBOX_QUERY_ROOT } from './get-handoffs';

export interface CloseHandoffInput {
  handoffId: string;
  /** bot: the assistant answers the visitor again; ended: the conversation is over. */
  outcome: HandoffCloseOutcome;
}

/** POST /api/handoffs/:id/close. */
export function closeHandoff({ handoffId, outcome }: CloseHandoffInput): Promise<HandoffSummary> {
  return api.post<HandoffSummary>(`/api/handoffs/${encodeURIComponent(handoffId)}/close`, { outcome });
}

export function useCloseHandoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeHandoff,
    onSuccess: (handoff) => {
      queryClient.setQueryData<HandoffDetail>(getHandoffQueryOptions(handoff.id).queryKey, (detail) => (detail ? { ...detail, handoff } : detail));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: INBOX_QUERY_ROOT }),
  });
}
