import type { ChatbotNameList } from '@parley/shared/contracts/chatbots';
import type { PickerSource } from '@/hooks/use-picker-options';
import { api } from '@/lib/api-client';
import { CHATBOT_NAMES_QUERY_ROOT } from '@/lib/query-keys';

/** GET /api/chatbots/names: a page of the organization's chatbots by name (this feature does not import the chatbots one). */
function getChatbotNames(query: { search?: string; page?: number; pageSize: number; ids?: string }, signal: AbortSignal): Promise<ChatbotNameList> {
  return api.get<ChatbotNameList>('/api/chatbots/names', { query, signal });
}

/** The action call log's chatbot filter: searched a page at a time, the chosen one named by id. */
export const chatbotOptionsSource: PickerSource = {
  queryKey: [...CHATBOT_NAMES_QUERY_ROOT, 'webhooks'],
  fetchPage: ({ search, page, pageSize, signal }) => getChatbotNames({ search, page, pageSize }, signal),
  fetchByIds: async (ids, signal) => (await getChatbotNames({ ids: ids.join(','), pageSize: ids.length }, signal)).items,
};
