import type { PricingFaq, PricingFaqList } from '@parley/shared/contracts/pricing-faqs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PRICING_FAQS_QUERY_ROOT = ['admin', 'pricing-faqs'] as const;

/** GET /api/admin/pricing/faqs: every FAQ by display order. */
export function getPricingFaqs({ signal }: { signal?: AbortSignal } = {}): Promise<PricingFaq[]> {
  return api.get<PricingFaqList>('/api/admin/pricing/faqs', { signal }).then((body) => body.items);
}

export function getPricingFaqsQueryOptions() {
  return queryOptions({ queryKey: [...PRICING_FAQS_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getPricingFaqs({ signal }) });
}

export function usePricingFaqs() {
  return useQuery(getPricingFaqsQueryOptions());
}
