import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath, chatbotActionsQueryRoot } from './get-chatbot-actions';

/** DELETE: the action goes; the calls it made stay in the conversations' record. */
export function deleteChatbotAction(chatbotId: string, actionId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`${chatbotActionsPath(chatbotId)}/${encodeURIComponent(actionId)}`);
}

export function useDeleteChatbotAction(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => deleteChatbotAction(chatbotId, actionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotActionsQueryRoot(chatbotId) }),
  });
}
