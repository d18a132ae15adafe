import type { ChatbotActionList } from '@parley/shared/contracts/chatbot-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of one chatbot's actions starts with this; a change refreshes it. */
export const chatbotActionsQueryRoot = (chatbotId: string) => ['chatbot-actions', chatbotId] as const;

export const chatbotActionsPath = (chatbotId: string) => `/api/chatbots/${encodeURIComponent(chatbotId)}/actions`;

/** GET the chatbot's actions, with the plan's limits (actions per chatbot, calls per answer). */
export function getChatbotActions(chatbotId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChatbotActionList> {
  return api.get<ChatbotActionList>(chatbotActionsPath(chatbotId), { signal });
}

export function getChatbotActionsQueryOptions(chatbotId: string) {
  return queryOptions({ queryKey: [...chatbotActionsQueryRoot(chatbotId), 'list'], queryFn: ({ signal }) => getChatbotActions(chatbotId, { signal }) });
}

export function useChatbotActions(chatbotId: string) {
  return useQuery(getChatbotActionsQueryOptions(chatbotId));
}
