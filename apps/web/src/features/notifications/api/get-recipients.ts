import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Recipient {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
}

export interface RecipientList {
  count: number;
  items: Recipient[];
}

/**
 * GET /api/admin/notifications/recipients: 'active' = active accounts seen in the last 30 days; 'all' = everyone.
 * `count` is the whole group's; `items` the 500 newest, narrowed by `search` (e-mail or name) on the server.
 */
export function getRecipients(mode: 'active' | 'all', { search = '', signal }: { search?: string; signal?: AbortSignal } = {}): Promise<RecipientList> {
  return api.get<RecipientList>('/api/admin/notifications/recipients', { query: search ? { mode, search } : { mode }, signal });
}

export function getRecipientsQueryOptions(mode: 'active' | 'all', search = '') {
  return queryOptions({ queryKey: ['admin', 'recipients', mode, search], queryFn: ({ signal }) => getRecipients(mode, { search, signal }) });
}

export function useRecipients(mode: 'active' | 'all', { enabled = true, search = '' }: { enabled?: boolean; search?: string } = {}) {
  // While a new search loads, the last list stays (narrowed at once on this side by the same rule).
  return useQuery({ ...getRecipientsQueryOptions(mode, search), enabled, placeholderData: keepPreviousData });
}
