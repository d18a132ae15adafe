import type { HandoffDetail, HandoffMessage } from '@parley/shared/contracts/handoffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getHandoffQueryOptions } from './get-handoff';
import { INBOX_QUERY_ROOT } from './get-handoffs';

export interface AgentReplyInput {
  handoffId: string;
  content: string;
}

/** POST /api/handoffs/:id/messages: the first reply to a waiting handoff makes it active. */
export function sendAgentReply({ handoffId, content }: AgentReplyInput): Promise<HandoffMessage> {
  return api.post<HandoffMessage>(`/api/handoffs/${encodeURIComponent(handoffId)}/messages`, { content });
}

export function useSendAgentReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAgentReply,
    onSuccess: (message, { handoffId }) => {
      // The reply shows at once; the refetch below brings the status change and the "joined" line.
      queryClient.setQueryData<HandoffDetail>(getHandoffQueryOptions(handoffId).queryKey, (detail) =>
        detail && !detail.messages.some((existing) => existing.id === message.id) ? { ...detail, messages: [...detail.messages, message] } : detail,
      );
    },
    // A failure may mean the conversation closed meanwhile: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: INBOX_QUERY_ROOT }),
  });
}
