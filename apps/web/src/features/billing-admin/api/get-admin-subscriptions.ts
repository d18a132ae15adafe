import type { AdminSubscription } from '@parley/shared/contracts/billing-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

export interface SubscriptionFilters {
  search: string;
  status: string;
  plan: string;
  page: number;
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
export const BILLING_PAGE_SIZE = 20;

/** GET /api/admin/billing/subscriptions: searched, filtered by status and plan, a page at a time. */
export function getAdminSubscriptionsQueryOptions(filters: SubscriptionFilters) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'subscriptions', filters],
    queryFn: ({ signal }) =>
      api.get<Page<AdminSubscription>>('/api/admin/billing/subscriptions', {
        query: { ...filters, search: filters.search || undefined, pageSize: BILLING_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminSubscriptions = (filters: SubscriptionFilters) => useQuery(getAdminSubscriptionsQueryOptions(filters));
