import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** GET /api/admin/notifications/recipients: 'active' = active accounts seen in the last 30 days; 'all' = everyone. */
export function getRecipients(mode: 'active' | 'all', { signal }: { signal?: AbortSignal } = {}): Promise<RecipientList> {
  return api.get<RecipientList>('/api/admin/notifications/recipients', { query: { mode }, signal });
}

export function getRecipientsQueryOptions(mode: 'active' | 'all') {
  return queryOptions({ queryKey: ['admin', 'recipients', mode], queryFn: ({ signal }) => getRecipients(mode, { signal }) });
}

export function useRecipients(mode: 'active' | 'all', { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getRecipientsQueryOptions(mode), enabled });
}
