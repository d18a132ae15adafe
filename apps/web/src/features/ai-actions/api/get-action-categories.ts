import type { ActionCategory } from '@parley/shared/contracts/ai-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** GET /api/admin/ai-actions/categories: by sort order, active only unless asked for all, with template counts. */
export function getActionCategories(includeInactive: boolean, { signal }: { signal?: AbortSignal } = {}): Promise<{ items: ActionCategory[] }> {
  return api.get<{ items: ActionCategory[] }>('/api/admin/ai-actions/categories', { query: { includeInactive }, signal });
}

export function getActionCategoriesQueryOptions(includeInactive: boolean) {
  return queryOptions({
    queryKey: [...AI_ACTIONS_QUERY_ROOT, 'categories', { includeInactive }],
    queryFn: ({ signal }) => getActionCategories(includeInactive, { signal }),
  });
}

export function useActionCategories({ includeInactive = false }: { includeInactive?: boolean } = {}) {
  return useQuery(getActionCategoriesQueryOptions(includeInactive));
}
