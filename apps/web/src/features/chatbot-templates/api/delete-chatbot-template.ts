import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHATBOT_TEMPLATES_QUERY_ROOT } from './get-chatbot-templates';

/** DELETE /api/admin/chatbot-templates/:id. */
export function deleteChatbotTemplate(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/chatbot-templates/${encodeURIComponent(id)}`);
}

export function useDeleteChatbotTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatbotTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHATBOT_TEMPLATES_QUERY_ROOT }),
  });
}
