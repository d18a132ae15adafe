import type { ApiKey } from '@parley/shared/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every API key query key starts with this. */
export const API_KEYS_QUERY_ROOT = ['api-keys'] as const;

/** GET /api/api-keys: the organization's keys, newest first, revoked ones included. */
export async function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  const { items } = await api.get<{ items: ApiKey[] }>('/api/api-keys', { signal });
  return items;
}

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: [...API_KEYS_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
