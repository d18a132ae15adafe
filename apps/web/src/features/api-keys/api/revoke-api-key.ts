import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getApiKeysQueryOptions } from './get-api-keys';

/** DELETE /api/api-keys/:id: revokes the key; it stays in the list with revokedAt set. */
export function revokeApiKey(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/api-keys/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
