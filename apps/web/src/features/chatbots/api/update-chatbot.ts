import type { Chatbot, updateChatbotBodySchema } from '@parley/shared/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { getChatbotQueryOptions } from './get-chatbot';
import { refreshChatbotLists } from './get-chatbots';

export type UpdateChatbotBody = z.input<typeof updateChatbotBodySchema>;

/** PATCH /api/chatbots/:id: changes only the fields sent. */
export function updateChatbot({ id, changes }: { id: string; changes: UpdateChatbotBody }): Promise<Chatbot> {
  return api.patch<Chatbot>(`/api/chatbots/${encodeURIComponent(id)}`, changes);
}

export function useUpdateChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChatbot,
    onSuccess: async (chatbot) => {
      queryClient.setQueryData(getChatbotQueryOptions(chatbot.id).queryKey, chatbot);
      await refreshChatbotLists(queryClient);
    },
  });
}
