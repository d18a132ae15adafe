import type { InvoicePage } from '@parley/shared/contracts/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_QUERY_KEY } from './get-subscription';

/** GET /api/billing/invoices: newest first, a page at a time. */
export function getInvoices(page: number, pageSize: number, { signal }: { signal?: AbortSignal } = {}): Promise<InvoicePage> {
  return api.get<InvoicePage>(`/api/billing/invoices?page=${page}&pageSize=${pageSize}`, { signal });
}

export function useInvoices(page: number, pageSize = 10) {
  return useQuery(
    queryOptions({
      queryKey: [...BILLING_QUERY_KEY, 'invoices', page, pageSize],
      queryFn: ({ signal }) => getInvoices(page, pageSize, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
