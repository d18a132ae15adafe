import type { ChatbotTemplate } from '@parley/shared/contracts/chatbot-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every chatbot-template query key starts with this; a change refreshes them all. */
export const CHATBOT_TEMPLATES_QUERY_ROOT = ['admin', 'chatbot-templates'] as const;

/** GET /api/admin/chatbot-templates: the chatbot_template entries, newest first. */
export function getChatbotTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<ChatbotTemplate[]> {
  return api.get<{ items: ChatbotTemplate[] }>('/api/admin/chatbot-templates', { signal }).then((body) => body.items);
}

export function getChatbotTemplatesQueryOptions() {
  return queryOptions({ queryKey: [...CHATBOT_TEMPLATES_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getChatbotTemplates({ signal }) });
}

export function useChatbotTemplates() {
  return useQuery(getChatbotTemplatesQueryOptions());
}
