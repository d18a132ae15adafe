import type { ChatbotNameList } from '@parley/shared/contracts/chatbots';
import type { PickerSource } from '@/hooks/use-picker-options';
import { api } from '@/lib/api-client';
import { CHATBOT_NAMES_QUERY_ROOT } from '@/lib/query-keys';

/**
 * The key scope's options from GET /api/chatbots/names: searched a page at a time, the chosen one named by id (this
 * feature does not import the chatbots one).
 */
export const chatbotOptionsSource: PickerSource = {
  queryKey: [...CHATBOT_NAMES_QUERY_ROOT, 'api-keys'],
  fetchPage: ({ search, page, pageSize, signal }) => api.get<ChatbotNameList>('/api/chatbots/names', { query: { search, page, pageSize }, signal }),
  fetchByIds: async (ids, signal) =>
    (await api.get<ChatbotNameList>('/api/chatbots/names', { query: { ids: ids.join(','), pageSize: ids.length }, signal })).items,
};
