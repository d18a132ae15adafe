import type { AdminCustomer, AdminCustomerDetail } from '@parley/shared/contracts/billing-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_PAGE_SIZE, type Page } from './get-admin-subscriptions';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

export interface CustomerFilters {
  search: string;
  status: string;
  page: number;
}

/** GET /api/admin/billing/customers: paying organizations, searched and filtered by status. */
export function getAdminCustomersQueryOptions(filters: CustomerFilters) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'customers', filters],
    queryFn: ({ signal }) =>
      api.get<Page<AdminCustomer>>('/api/admin/billing/customers', {
        query: { ...filters, search: filters.search || undefined, pageSize: BILLING_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminCustomers = (filters: CustomerFilters) => useQuery(getAdminCustomersQueryOptions(filters));

/** GET /api/admin/billing/customers/:id: one customer's subscriptions, invoices and token purchases. */
export function getAdminCustomerQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'customer', id],
    queryFn: ({ signal }) => api.get<AdminCustomerDetail>(`/api/admin/billing/customers/${encodeURIComponent(id)}`, { signal }),
  });
}
export const useAdminCustomer = (id: string | null) => useQuery({ ...getAdminCustomerQueryOptions(id ?? ''), enabled: id !== null });
