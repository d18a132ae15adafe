import type { ChatbotAction, CreateChatbotActionBody } from '@parley/shared/contracts/chatbot-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath, chatbotActionsQueryRoot } from './get-chatbot-actions';

/** POST: a new action on the chatbot (403 past the plan's limit, 409 for a name the chatbot already uses). */
export function createChatbotAction(chatbotId: string, body: CreateChatbotActionBody): Promise<ChatbotAction> {
  return api.post<ChatbotAction>(chatbotActionsPath(chatbotId), body);
}

export function useCreateChatbotAction(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatbotActionBody) => createChatbotAction(chatbotId, body),
    // The list, and the catalogue's suggested names (one is now taken).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotActionsQueryRoot(chatbotId) }),
  });
}
