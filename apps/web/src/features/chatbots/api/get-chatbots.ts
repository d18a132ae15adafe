import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every chatbot query key starts with this; a change to any chatbot refreshes them all. */
export const CHATBOTS_QUERY_ROOT = ['chatbots'] as const;

/** GET /api/chatbots: the chatbots of the user's organizations, newest first. */
export async function getChatbots({ signal }: { signal?: AbortSignal } = {}): Promise<Chatbot[]> {
  const { items } = await api.get<{ items: Chatbot[] }>('/api/chatbots', { signal });
  return items;
}

export function getChatbotsQueryOptions() {
  return queryOptions({
    queryKey: [...CHATBOTS_QUERY_ROOT, 'list'],
    queryFn: ({ signal }) => getChatbots({ signal }),
  });
}

export function useChatbots() {
  return useQuery(getChatbotsQueryOptions());
}
