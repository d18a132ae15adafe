import type { ApiKey, CreateApiKeyBody } from '@parley/shared/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getApiKeysQueryOptions } from './get-api-keys';

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The full key; the server returns it only in this answer. */
  secret: string;
}

/** POST /api/api-keys: a new key and, this once, its secret. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
