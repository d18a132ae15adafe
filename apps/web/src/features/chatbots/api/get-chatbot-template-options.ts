import type { ChatbotTemplateOption } from '@parley/shared/contracts/chatbot-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/chatbot-templates/active: the templates a customer can start a chatbot from, by name. */
export function getChatbotTemplateOptions({ signal }: { signal?: AbortSignal } = {}): Promise<ChatbotTemplateOption[]> {
  return api.get<{ items: ChatbotTemplateOption[] }>('/api/chatbot-templates/active', { signal }).then((body) => body.items);
}

export function getChatbotTemplateOptionsQueryOptions() {
  return queryOptions({ queryKey: ['chatbot-templates', 'active'], queryFn: ({ signal }) => getChatbotTemplateOptions({ signal }), staleTime: 5 * 60_000 });
}

export function useChatbotTemplateOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getChatbotTemplateOptionsQueryOptions(), enabled });
}
