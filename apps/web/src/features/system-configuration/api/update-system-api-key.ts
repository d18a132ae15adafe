import type { SystemApiKey, UpdateSystemApiKeyBody } from '@parley/shared/contracts/system-api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SYSTEM_API_KEYS_QUERY_KEY } from './get-system-api-keys';

/** PATCH /api/admin/system-api-keys/:id: name, description, daily limit (free tier) or the active switch. */
export function updateSystemApiKey({ id, changes }: { id: string; changes: UpdateSystemApiKeyBody }): Promise<SystemApiKey> {
  return api.patch<SystemApiKey>(`/api/admin/system-api-keys/${encodeURIComponent(id)}`, changes);
}

export function useUpdateSystemApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SYSTEM_API_KEYS_QUERY_KEY }),
  });
}
