import type { ActionTemplateList } from '@parley/shared/contracts/ai-actions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

export interface ActionTemplateFilters {
  search: string;
  /** A category id, 'uncategorized', or '' for all. */
  category: string;
}

/** GET /api/admin/ai-actions/templates: newest first, searched and filtered on the server, at most 200. */
export function getActionTemplates(filters: ActionTemplateFilters, { signal }: { signal?: AbortSignal } = {}): Promise<ActionTemplateList> {
  return api.get<ActionTemplateList>('/api/admin/ai-actions/templates', {
    query: { search: filters.search.trim() || undefined, category: filters.category || undefined },
    signal,
  });
}

export function getActionTemplatesQueryOptions(filters: ActionTemplateFilters) {
  return queryOptions({
    queryKey: [...AI_ACTIONS_QUERY_ROOT, 'templates', filters],
    queryFn: ({ signal }) => getActionTemplates(filters, { signal }),
    // Keep the cards on screen while a new search or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useActionTemplates(filters: ActionTemplateFilters) {
  return useQuery(getActionTemplatesQueryOptions(filters));
}
