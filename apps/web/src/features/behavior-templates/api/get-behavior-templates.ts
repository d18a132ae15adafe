import type { BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every behavior-template query key starts with this; a change refreshes them all. */
export const BEHAVIOR_TEMPLATES_QUERY_ROOT = ['admin', 'behavior-templates'] as const;

/** GET /api/admin/behavior-templates: all templates, the default first, then newest first. */
export function getBehaviorTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<BehaviorTemplate[]> {
  return api.get<{ items: BehaviorTemplate[] }>('/api/admin/behavior-templates', { signal }).then((body) => body.items);
}

export function getBehaviorTemplatesQueryOptions() {
  return queryOptions({ queryKey: [...BEHAVIOR_TEMPLATES_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getBehaviorTemplates({ signal }) });
}

export function useBehaviorTemplates() {
  return useQuery(getBehaviorTemplatesQueryOptions());
}
