import type { ChatbotList } from '@parley/shared/contracts/chatbots';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHATBOT_NAMES_QUERY_ROOT } from '@/lib/query-keys';

/** Every chatbot query key starts with this; a change to any chatbot refreshes them all. */
export const CHATBOTS_QUERY_ROOT = ['chatbots'] as const;

/** The chatbot cards a page holds: four rows of three on a wide screen. */
export const CHATBOT_PAGE_SIZE = 12;

/** Which page of the list, and the name searched for. */
export interface ChatbotListView {
  page: number;
  search: string;
}

/** Every page of the list shares this prefix, so a created, changed or deleted chatbot refreshes them all. */
export const CHATBOT_LIST_QUERY_KEY = [...CHATBOTS_QUERY_ROOT, 'list'] as const;

/** After a chatbot is created, renamed or deleted: the list's pages, and every picker's names (lib/query-keys). */
export function refreshChatbotLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CHATBOT_LIST_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: CHATBOT_NAMES_QUERY_ROOT }),
  ]);
}

/** GET /api/chatbots: one page of the organization's chatbots, newest first, with their training-data counts. */
export async function getChatbots(view: ChatbotListView, { signal }: { signal?: AbortSignal } = {}): Promise<ChatbotList> {
  const params = new URLSearchParams({ page: String(view.page), pageSize: String(CHATBOT_PAGE_SIZE) });
  if (view.search) params.set('search', view.search);
  return api.get<ChatbotList>(`/api/chatbots?${params}`, { signal });
}

export function getChatbotsQueryOptions(view: ChatbotListView) {
  return queryOptions({
    queryKey: [...CHATBOT_LIST_QUERY_KEY, view] as const,
    queryFn: ({ signal }) => getChatbots(view, { signal }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useChatbots(view: ChatbotListView) {
  return useQuery(getChatbotsQueryOptions(view));
}
