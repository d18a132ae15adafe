import { EMAIL_OUTBOX_PAGE_SIZE, type EmailStatus, type OutboxEmail } from '@parley/shared/contracts/email-outbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const OUTBOX_QUERY_KEY = ['admin', 'email-outbox'] as const;

export interface OutboxFilters {
  search: string;
  status: EmailStatus | '';
  page: number;
}

export interface OutboxPage {
  items: OutboxEmail[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/email-outbox: newest first, searched by address or subject, a page at a time (system_admin). */
export function getOutboxQueryOptions(filters: OutboxFilters) {
  return queryOptions({
    queryKey: [...OUTBOX_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) =>
      api.get<OutboxPage>('/api/admin/email-outbox', {
        query: { search: filters.search.trim() || undefined, status: filters.status || undefined, page: filters.page, pageSize: EMAIL_OUTBOX_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useOutbox = (filters: OutboxFilters) => useQuery(getOutboxQueryOptions(filters));
