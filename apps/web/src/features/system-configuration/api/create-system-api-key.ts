import type { CreateSystemApiKeyBody, SystemApiKey } from '@parley/shared/contracts/system-api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SYSTEM_API_KEYS_QUERY_KEY } from './get-system-api-keys';

/** POST /api/admin/system-api-keys: the value is encrypted on the server and never sent back. */
export function createSystemApiKey(body: CreateSystemApiKeyBody): Promise<SystemApiKey> {
  return api.post<SystemApiKey>('/api/admin/system-api-keys', body);
}

export function useCreateSystemApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSystemApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SYSTEM_API_KEYS_QUERY_KEY }),
  });
}
