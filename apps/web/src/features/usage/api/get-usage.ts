import type { UsageResponse } from '@parley/shared/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Tokens are spent while visitors chat, so the card refreshes itself rather than waiting for a reload. */
const USAGE_REFRESH_MS = 60_000;

export const USAGE_QUERY_KEY = ['usage'] as const;

/** GET /api/usage: this month's token and chatbot usage of the signed-in user's organization against its plan. */
export function getUsage({ signal }: { signal?: AbortSignal } = {}): Promise<UsageResponse> {
  return api.get<UsageResponse>('/api/usage', { signal });
}

export function getUsageQueryOptions() {
  return queryOptions({
    queryKey: USAGE_QUERY_KEY,
    queryFn: ({ signal }) => getUsage({ signal }),
    refetchInterval: USAGE_REFRESH_MS,
  });
}

export function useUsage() {
  return useQuery(getUsageQueryOptions());
}
