import type { Tier, TierList } from '@parley/shared/contracts/tier-limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TIERS_QUERY_ROOT = ['admin', 'tier-limits'] as const;

/** GET /api/admin/tier-limits: every tier by monthly token limit (unlimited last). */
export function getTiers({ signal }: { signal?: AbortSignal } = {}): Promise<Tier[]> {
  return api.get<TierList>('/api/admin/tier-limits', { signal }).then((body) => body.items);
}

export function getTiersQueryOptions() {
  return queryOptions({ queryKey: [...TIERS_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getTiers({ signal }) });
}

export function useTiers() {
  return useQuery(getTiersQueryOptions());
}
