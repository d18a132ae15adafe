import type { InvoiceItem } from '@parley/shared/contracts/billing-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_PAGE_SIZE, type Page } from './get-admin-subscriptions';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

export interface InvoiceFilters {
  search: string;
  status: string;
  page: number;
  organizationId?: string | undefined;
}

const filterQuery = (filters: InvoiceFilters) => ({ ...filters, search: filters.search || undefined });

/** GET /api/admin/billing/invoices: searched and filtered, a page at a time. */
export function getAdminInvoicesQueryOptions(filters: InvoiceFilters) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'invoices', filters],
    queryFn: ({ signal }) =>
      api.get<Page<InvoiceItem>>('/api/admin/billing/invoices', { query: { ...filterQuery(filters), pageSize: BILLING_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminInvoices = (filters: InvoiceFilters) => useQuery(getAdminInvoicesQueryOptions(filters));

/** The CSV of every invoice matching the filters (GET /api/admin/billing/invoices/export). */
export function invoiceExportUrl(filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value !== undefined && key !== 'page') params.set(key, String(value));
  return `/api/admin/billing/invoices/export?${params.toString()}`;
}

/** POST /api/admin/billing/invoices/:id/retry: asks the provider to collect a failed invoice again. */
export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ paid: boolean; invoice: InvoiceItem }>(`/api/admin/billing/invoices/${encodeURIComponent(id)}/retry`, {}, { retry: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_ADMIN_QUERY_KEY }),
  });
}
