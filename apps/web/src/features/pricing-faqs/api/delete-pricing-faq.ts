import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRICING_FAQS_QUERY_ROOT } from './get-pricing-faqs';

/** DELETE /api/admin/pricing/faqs/:id. */
export function deletePricingFaq(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/pricing/faqs/${encodeURIComponent(id)}`);
}

export function useDeletePricingFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePricingFaq, onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_FAQS_QUERY_ROOT }) });
}
