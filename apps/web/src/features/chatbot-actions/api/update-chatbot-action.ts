import type { ChatbotAction, UpdateChatbotActionBody } from '@parley/shared/contracts/chatbot-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath, chatbotActionsQueryRoot } from './get-chatbot-actions';

/** PATCH: changes the fields given (`signingSecret: null` removes the secret, `authToken: null` the token). */
export function updateChatbotAction(chatbotId: string, actionId: string, body: UpdateChatbotActionBody): Promise<ChatbotAction> {
  return api.patch<ChatbotAction>(`${chatbotActionsPath(chatbotId)}/${encodeURIComponent(actionId)}`, body);
}

export function useUpdateChatbotAction(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, body }: { actionId: string; body: UpdateChatbotActionBody }) => updateChatbotAction(chatbotId, actionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotActionsQueryRoot(chatbotId) }),
  });
}
