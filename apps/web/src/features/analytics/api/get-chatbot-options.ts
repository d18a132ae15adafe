import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANALYTICS_QUERY_ROOT } from './get-analytics-summary';

export interface ChatbotOption {
  id: string;
  name: string;
}

/** GET /api/chatbots/names (every chatbot by name), reduced to what the chatbot filter needs (this feature does not import the chatbots one). */
export async function getChatbotOptions({ signal }: { signal?: AbortSignal } = {}): Promise<ChatbotOption[]> {
  const { items } = await api.get<{ items: ChatbotOption[] }>('/api/chatbots/names', { signal });
  return items.map(({ id, name }) => ({ id, name }));
}

export function getChatbotOptionsQueryOptions() {
  return queryOptions({ queryKey: [...ANALYTICS_QUERY_ROOT, 'chatbot-options'], queryFn: ({ signal }) => getChatbotOptions({ signal }) });
}

export function useChatbotOptions() {
  return useQuery(getChatbotOptionsQueryOptions());
}
