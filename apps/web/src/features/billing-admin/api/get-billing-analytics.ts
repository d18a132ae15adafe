import type { BillingAnalytics, RevenueResponse } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

/** GET /api/admin/billing/analytics: MRR, churn, plan distribution and the rest, from the billing tables. */
export function getBillingAnalyticsQueryOptions() {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'analytics'],
    queryFn: ({ signal }) => api.get<BillingAnalytics>('/api/admin/billing/analytics', { signal }),
  });
}
export const useBillingAnalytics = () => useQuery(getBillingAnalyticsQueryOptions());

/** GET /api/admin/billing/revenue: revenue, MRR, churn and plans per month. */
export function getRevenueQueryOptions(months: number) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'revenue', months],
    queryFn: ({ signal }) => api.get<RevenueResponse>('/api/admin/billing/revenue', { query: { months }, signal }),
  });
}
export const useRevenue = (months: number) => useQuery(getRevenueQueryOptions(months));
