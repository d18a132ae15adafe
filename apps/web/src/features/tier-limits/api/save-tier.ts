import type { CreateTierBody, Tier, UpdateTierBody } from '@parley/shared/contracts/tier-limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { TIERS_QUERY_ROOT } from './get-tiers';

export type SaveTierInput = { id: null; body: CreateTierBody } | { id: string; body: UpdateTierBody };

/** POST /api/admin/tier-limits to create, PUT /api/admin/tier-limits/:id to edit. */
export function saveTier(input: SaveTierInput): Promise<Tier> {
  return input.id === null
    ? api.post<Tier>('/api/admin/tier-limits', input.body)
    : request<Tier>(`/api/admin/tier-limits/${encodeURIComponent(input.id)}`, { method: 'PUT', body: input.body });
}

export function useSaveTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTier,
    // Also after a failure: a 409 means another admin saved the tier, and the list shows their version.
    onSettled: () =>
      // A tier is a plan: the pricing screen's list changes too.
      Promise.all([queryClient.invalidateQueries({ queryKey: TIERS_QUERY_ROOT }), queryClient.invalidateQueries({ queryKey: ['admin', 'pricing-plans'] })]),
  });
}
