import { BILLING_REFRESH_MS, type BillingSummary } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BILLING_ADMIN_QUERY_KEY = ['admin', 'billing'] as const;

/** GET /api/admin/billing/summary: the four tiles of the Payment-provider Integration Testing screen. */
export function getBillingSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => api.get<BillingSummary>('/api/admin/billing/summary', { signal }),
    refetchInterval: BILLING_REFRESH_MS.paymentFailures,
  });
}

export function useBillingSummary() {
  return useQuery(getBillingSummaryQueryOptions());
}
