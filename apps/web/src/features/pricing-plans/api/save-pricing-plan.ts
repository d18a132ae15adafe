import type { CreatePricingPlanBody, PricingPlan, UpdatePricingPlanBody } from '@parley/shared/contracts/pricing-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { PRICING_PLANS_QUERY_ROOT } from './get-pricing-plans';

export type SavePricingPlanInput = { tier: null; body: CreatePricingPlanBody } | { tier: string; body: UpdatePricingPlanBody };

/** POST /api/admin/pricing/plans to create, PUT /api/admin/pricing/plans/:tier to edit (with the plan's features). */
export function savePricingPlan(input: SavePricingPlanInput): Promise<PricingPlan> {
  return input.tier === null
    ? api.post<PricingPlan>('/api/admin/pricing/plans', input.body)
    : request<PricingPlan>(`/api/admin/pricing/plans/${encodeURIComponent(input.tier)}`, { method: 'PUT', body: input.body });
}

export function useSavePricingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePricingPlan,
    // Also after a failure: a 409 means another admin saved the plan, and the list shows their version.
    onSettled: () =>
      // A plan is a tier: the Tier Limits screen's list changes too.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRICING_PLANS_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'tier-limits'] }),
      ]),
  });
}
