import type { BehaviorTemplateOption } from '@parley/shared/contracts/behavior-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/behavior-templates/active: the behavior templates the builder offers, the default first. */
export function getBehaviorTemplateOptions({ signal }: { signal?: AbortSignal } = {}): Promise<BehaviorTemplateOption[]> {
  return api.get<{ items: BehaviorTemplateOption[] }>('/api/behavior-templates/active', { signal }).then((body) => body.items);
}

export function getBehaviorTemplateOptionsQueryOptions() {
  // The catalogue changes rarely; a builder session need not refetch it. A failed load is not retried when the picker
  // mounts: the builder shows its Retry instead (retrying on mount put the query back to pending, the builder back to
  // its skeleton and the picker out of the page, for ever).
  return queryOptions({
    queryKey: ['behavior-templates', 'active'],
    queryFn: ({ signal }) => getBehaviorTemplateOptions({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useBehaviorTemplateOptions() {
  return useQuery(getBehaviorTemplateOptionsQueryOptions());
}
