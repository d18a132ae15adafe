import type { SystemApiKey } from '@parley/shared/contracts/system-api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SYSTEM_API_KEYS_QUERY_KEY } from './get-system-api-keys';

/** POST /api/admin/system-api-keys/:id/reset-usage: today's counter back to 0. */
export function resetSystemApiKeyUsage(id: string): Promise<SystemApiKey> {
  return api.post<SystemApiKey>(`/api/admin/system-api-keys/${encodeURIComponent(id)}/reset-usage`, {});
}

export function useResetSystemApiKeyUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSystemApiKeyUsage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SYSTEM_API_KEYS_QUERY_KEY }),
  });
}
