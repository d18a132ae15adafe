import type { PricingPlan, PricingPlanList } from '@parley/shared/contracts/pricing-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PRICING_PLANS_QUERY_ROOT = ['admin', 'pricing-plans'] as const;

/** GET /api/admin/pricing/plans: every plan by sort order, with its features. */
export function getPricingPlans({ signal }: { signal?: AbortSignal } = {}): Promise<PricingPlan[]> {
  return api.get<PricingPlanList>('/api/admin/pricing/plans', { signal }).then((body) => body.items);
}

export function getPricingPlansQueryOptions() {
  return queryOptions({ queryKey: [...PRICING_PLANS_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getPricingPlans({ signal }) });
}

export function usePricingPlans() {
  return useQuery(getPricingPlansQueryOptions());
}
