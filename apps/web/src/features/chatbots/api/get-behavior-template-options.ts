import type { BehaviorTemplateOption } from '@parley/shared/contracts/behavior-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/behavior-templates/active: the behavior templates the builder offers, the default first. */
export function getBehaviorTemplateOptions({ signal }: { signal?: AbortSignal } = {}): Promise<BehaviorTemplateOption[]> {
  return api.get<{ items: BehaviorTemplateOption[] }>('/api/behavior-templates/active', { signal }).then((body) => body.items);
}

export function getBehaviorTemplateOptionsQueryOptions() {
  // The catalogue changes rarely; a builder session need not refetch it.
  return queryOptions({ queryKey: ['behavior-templates', 'active'], queryFn: ({ signal }) => getBehaviorTemplateOptions({ signal }), staleTime: 5 * 60_000 });
}

export function useBehaviorTemplateOptions() {
  return useQuery(getBehaviorTemplateOptionsQueryOptions());
}
