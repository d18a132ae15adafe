import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SYSTEM_API_KEYS_QUERY_KEY } from './get-system-api-keys';

/** DELETE /api/admin/system-api-keys/:id. */
export function deleteSystemApiKey(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/system-api-keys/${encodeURIComponent(id)}`);
}

export function useDeleteSystemApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSystemApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SYSTEM_API_KEYS_QUERY_KEY }),
  });
}
