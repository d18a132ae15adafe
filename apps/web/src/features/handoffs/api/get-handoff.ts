import type { HandoffDetail } from '@parley/shared/contracts/handoffs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INBOX_QUERY_ROOT, INBOX_REFRESH_MS } from './get-handoffs';

/** GET /api/handoffs/:id: the handoff and its whole conversation, oldest first (the bot's part too). */
export function getHandoff(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<HandoffDetail> {
  return api.get<HandoffDetail>(`/api/handoffs/${encodeURIComponent(id)}`, { signal });
}

export function getHandoffQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...INBOX_QUERY_ROOT, 'detail', id],
    queryFn: ({ signal }) => getHandoff(id, { signal }),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useHandoff(id: string | null) {
  return useQuery({ ...getHandoffQueryOptions(id ?? ''), enabled: Boolean(id) });
}
