import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRICING_PLANS_QUERY_ROOT } from './get-pricing-plans';

/** DELETE /api/admin/pricing/plans/:tier: the plan (its tier) and all its features. */
export function deletePricingPlan(tier: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/pricing/plans/${encodeURIComponent(tier)}`);
}

export function useDeletePricingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePricingPlan,
    onSuccess: () =>
      // A plan is a tier: the Tier Limits screen's list changes too.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRICING_PLANS_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'tier-limits'] }),
      ]),
  });
}
