import type { ProductSyncResponse } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

const PRODUCT_SYNC_KEY = [...BILLING_ADMIN_QUERY_KEY, 'product-sync'] as const;

/** GET /api/admin/billing/product-sync: the provider's products and prices, and the paid tiers with their price ids. */
export function getProductSyncQueryOptions() {
  return queryOptions({
    queryKey: PRODUCT_SYNC_KEY,
    queryFn: ({ signal }) => api.get<ProductSyncResponse>('/api/admin/billing/product-sync', { signal }),
    staleTime: 0,
  });
}
export const useProductSync = () => useQuery(getProductSyncQueryOptions());

export interface TierMapping {
  tier: string;
  stripePriceIdMonthly: string | null;
  stripePriceIdAnnual: string | null;
}

/** PUT /api/admin/billing/product-sync: saves the price ids onto the tiers. */
export function useSaveProductSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappings: TierMapping[]) => api.put<{ updated: number; failed: string[] }>('/api/admin/billing/product-sync', { mappings }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRODUCT_SYNC_KEY }),
  });
}
