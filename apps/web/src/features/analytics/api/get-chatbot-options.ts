import type { ChatbotNameList } from '@parley/shared/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePickerNames, type PickerSource } from '@/hooks/use-picker-options';
import { api } from '@/lib/api-client';
import { CHATBOT_NAMES_QUERY_ROOT } from '@/lib/query-keys';

const CHATBOT_OPTIONS_ROOT = [...CHATBOT_NAMES_QUERY_ROOT, 'analytics'] as const;

/** GET /api/chatbots/names: a page of the organization's chatbots by name (this feature does not import the chatbots one). */
function getChatbotNames(query: { search?: string; page?: number; pageSize: number; ids?: string }, signal: AbortSignal): Promise<ChatbotNameList> {
  return api.get<ChatbotNameList>('/api/chatbots/names', { query, signal });
}

/** The chatbot filter's and the schedule dialog's options: searched a page at a time, the chosen one named by id. */
export const chatbotOptionsSource: PickerSource = {
  queryKey: CHATBOT_OPTIONS_ROOT,
  fetchPage: ({ search, page, pageSize, signal }) => getChatbotNames({ search, page, pageSize }, signal),
  fetchByIds: async (ids, signal) => (await getChatbotNames({ ids: ids.join(','), pageSize: ids.length }, signal)).items,
};

/** The names of these chatbots (the report rows' and the export's); a deleted one is missing from the map. */
export function useChatbotNames(ids: readonly (string | null)[]) {
  return usePickerNames(chatbotOptionsSource, ids);
}

export function getChatbotCountQueryOptions() {
  return queryOptions({
    queryKey: [...CHATBOT_OPTIONS_ROOT, 'count'],
    queryFn: async ({ signal }) => (await getChatbotNames({ pageSize: 1 }, signal)).total,
  });
}

/** How many chatbots the organization has (a new customer has none: the first steps come first). */
export function useChatbotCount() {
  return useQuery(getChatbotCountQueryOptions());
}
