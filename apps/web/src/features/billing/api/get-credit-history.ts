import type { CreditHistory } from '@parley/shared/contracts/token-credits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_QUERY_KEY } from './get-subscription';

/** GET /api/usage/credit-history: every change of the token balance with its reason, newest first, a page at a time. */
export function getCreditHistory(page: number, pageSize: number, { signal }: { signal?: AbortSignal } = {}): Promise<CreditHistory> {
  return api.get<CreditHistory>(`/api/usage/credit-history?page=${page}&pageSize=${pageSize}`, { signal });
}

export function useCreditHistory(page: number, pageSize = 10) {
  return useQuery(
    queryOptions({
      // Under the billing key: a confirmed purchase refreshes the balance and its history together.
      queryKey: [...BILLING_QUERY_KEY, 'credit-history', page, pageSize],
      queryFn: ({ signal }) => getCreditHistory(page, pageSize, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
