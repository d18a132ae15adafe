import type { Tier } from '@parley/shared/contracts/tier-limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { TIERS_QUERY_ROOT } from './get-tiers';

/** PUT /api/admin/tier-limits/:id/status; the server refuses the free tier and tiers organizations are on. */
export function setTierActive({ id, isActive }: { id: string; isActive: boolean }): Promise<Tier> {
  return request<Tier>(`/api/admin/tier-limits/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { isActive } });
}

export function useSetTierActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTierActive,
    onSuccess: () =>
      // A tier is a plan: the pricing screen's list changes too.
      Promise.all([queryClient.invalidateQueries({ queryKey: TIERS_QUERY_ROOT }), queryClient.invalidateQueries({ queryKey: ['admin', 'pricing-plans'] })]),
  });
}
