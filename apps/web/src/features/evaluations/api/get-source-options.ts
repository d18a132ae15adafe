import type { KnowledgeSourceList } from '@parley/shared/contracts/knowledge-sources';
import type { PickerOption, PickerSource } from '@/hooks/use-picker-options';
import { api } from '@/lib/api-client';

/**
 * The expected-source picker's options: the chatbot's sources, searched by name a page at a time
 * (GET /api/chatbots/:id/sources; this feature does not import the training data one). The sources list is not asked
 * by id, so a chosen source is named from `known`: the names the pages brought, and the question's own.
 */
export function sourceOptionsSource(chatbotId: string, known: Map<string, string>): PickerSource {
  return {
    queryKey: ['evaluations', chatbotId, 'source-options'],
    fetchPage: async ({ search, page, pageSize, signal }) => {
      const list = await api.get<KnowledgeSourceList>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources`, {
        query: { page, pageSize, search: search || undefined },
        signal,
      });
      const items: PickerOption[] = list.items.map((source) => ({ id: source.id, name: source.name }));
      for (const item of items) known.set(item.id, item.name);
      return { items, total: list.total, page: list.page, pageSize: list.pageSize };
    },
    fetchByIds: async (ids) => ids.flatMap((id) => (known.has(id) ? [{ id, name: known.get(id)! }] : [])),
  };
}
