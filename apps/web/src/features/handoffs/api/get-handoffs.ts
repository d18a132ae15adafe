import type { HandoffListResponse } from '@parley/shared/contracts/handoffs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every inbox query key starts with this: one invalidation refreshes lists, the open conversation and the nav badge. */
export const INBOX_QUERY_ROOT = ['inbox'] as const;
export const HANDOFF_LISTS_QUERY_ROOT = [...INBOX_QUERY_ROOT, 'list'] as const;

export const HANDOFF_PAGE_SIZE = 25;
/** A fallback for when the event stream is down or not open (the nav badge on other pages). */
export const INBOX_REFRESH_MS = 30_000;

export type HandoffListStatus = 'open' | 'closed';

export interface HandoffListParams {
  status: HandoffListStatus;
  page?: number;
}

/** GET /api/handoffs: open (waiting and active, oldest wait first) or closed (newest first), with the unread total and usage. */
export function getHandoffs({ status, page = 1, signal }: HandoffListParams & { signal?: AbortSignal }): Promise<HandoffListResponse> {
  return api.get<HandoffListResponse>('/api/handoffs', { query: { status, page, pageSize: HANDOFF_PAGE_SIZE }, signal });
}

export function getHandoffsQueryOptions({ status, page = 1 }: HandoffListParams) {
  return queryOptions({
    queryKey: [...HANDOFF_LISTS_QUERY_ROOT, { status, page }],
    queryFn: ({ signal }) => getHandoffs({ status, page, signal }),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useHandoffs(params: HandoffListParams) {
  return useQuery(getHandoffsQueryOptions(params));
}
