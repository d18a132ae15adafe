import type { SystemApiKeyList } from '@parley/shared/contracts/system-api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SYSTEM_API_KEYS_QUERY_KEY = ['admin', 'system-api-keys'] as const;

/** GET /api/admin/system-api-keys: the stored provider keys (last 4 characters only) and the embedding provider's status. */
export function getSystemApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<SystemApiKeyList> {
  return api.get<SystemApiKeyList>('/api/admin/system-api-keys', { signal });
}

export function getSystemApiKeysQueryOptions() {
  return queryOptions({
    queryKey: SYSTEM_API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => getSystemApiKeys({ signal }),
    // Usage counters move while answers are given.
    refetchInterval: 60_000,
  });
}

export function useSystemApiKeys() {
  return useQuery(getSystemApiKeysQueryOptions());
}
