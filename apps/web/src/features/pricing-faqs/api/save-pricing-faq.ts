import type { PricingFaq, PricingFaqBody, UpdatePricingFaqBody } from '@parley/shared/contracts/pricing-faqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { PRICING_FAQS_QUERY_ROOT } from './get-pricing-faqs';

/** Spec §4: creates when there is no id, edits when there is (POST, or PUT /api/admin/pricing/faqs/:id). */
export function savePricingFaq({ id, body }: { id: string | null; body: PricingFaqBody | UpdatePricingFaqBody }): Promise<PricingFaq> {
  return id === null
    ? api.post<PricingFaq>('/api/admin/pricing/faqs', body)
    : request<PricingFaq>(`/api/admin/pricing/faqs/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useSavePricingFaq() {
  const queryClient = useQueryClient();
  // Also after a failure: a 409 means another admin saved the FAQ, and the list shows their version.
  return useMutation({ mutationFn: savePricingFaq, onSettled: () => queryClient.invalidateQueries({ queryKey: PRICING_FAQS_QUERY_ROOT }) });
}
