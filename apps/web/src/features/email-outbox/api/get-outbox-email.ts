import type { OutboxEmailDetail } from '@parley/shared/contracts/email-outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/**
 * GET /api/admin/email-outbox/:id: one message with its text and links. Each read is an activity entry, so it is read
 * once per opening, not again on focus.
 */
export function getOutboxEmailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...OUTBOX_QUERY_KEY, 'email', id],
    queryFn: ({ signal }) => api.get<OutboxEmailDetail>(`/api/admin/email-outbox/${encodeURIComponent(id)}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const useOutboxEmail = (id: string) => useQuery(getOutboxEmailQueryOptions(id));
