import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getChatbotQueryOptions } from './get-chatbot';
import { refreshChatbotLists } from './get-chatbots';

/** DELETE /api/chatbots/:id: the chatbot with its training data and conversations. */
export function deleteChatbot(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/chatbots/${encodeURIComponent(id)}`);
}

export function useDeleteChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatbot,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: getChatbotQueryOptions(id).queryKey });
      await refreshChatbotLists(queryClient);
    },
  });
}
