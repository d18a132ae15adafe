import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHATBOTS_QUERY_ROOT } from './get-chatbots';

/** GET /api/chatbots/:id: one chatbot with its source and chunk counts. */
export function getChatbot(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Chatbot> {
  return api.get<Chatbot>(`/api/chatbots/${encodeURIComponent(id)}`, { signal });
}

export function getChatbotQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CHATBOTS_QUERY_ROOT, 'detail', id],
    queryFn: ({ signal }) => getChatbot(id, { signal }),
  });
}

export function useChatbot(id: string) {
  return useQuery(getChatbotQueryOptions(id));
}
