import type { ApiKeyList } from '@parley/shared/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every API key query key starts with this. */
export const API_KEYS_QUERY_ROOT = ['api-keys'] as const;

/** GET /api/api-keys: the organization's keys (and the caller's own admin keys), newest first, revoked ones included. */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeyList> {
  return api.get<ApiKeyList>('/api/api-keys', { signal });
}

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: [...API_KEYS_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
