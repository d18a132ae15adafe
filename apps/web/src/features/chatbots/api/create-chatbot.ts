import type { Chatbot, CreateChatbotBody } from '@parley/shared/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getChatbotQueryOptions } from './get-chatbot';
import { refreshChatbotLists } from './get-chatbots';

/** POST /api/chatbots: a new chatbot in the user's first organization. */
export function createChatbot(body: CreateChatbotBody): Promise<Chatbot> {
  return api.post<Chatbot>('/api/chatbots', body);
}

export function useCreateChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatbot,
    onSuccess: async (chatbot) => {
      // The chatbot's page opens next: give it the answer we already have.
      queryClient.setQueryData(getChatbotQueryOptions(chatbot.id).queryKey, chatbot);
      await refreshChatbotLists(queryClient);
    },
  });
}
