import type { PublicPricing } from '@parley/shared/contracts/public-pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/public/pricing: active plans with features, active token packages and FAQs (no sign-in needed). */
export function getPublicPricing({ signal }: { signal?: AbortSignal } = {}): Promise<PublicPricing> {
  return api.get<PublicPricing>('/api/public/pricing', { signal });
}

export function getPublicPricingQueryOptions() {
  return queryOptions({ queryKey: ['public-pricing'], queryFn: ({ signal }) => getPublicPricing({ signal }) });
}

export function usePublicPricing() {
  return useQuery(getPublicPricingQueryOptions());
}
