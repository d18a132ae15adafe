import type { N8nAdvancedSettings } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** PUT /api/admin/n8n/settings/api-key: save the n8n API key (null removes it); the workflows then show n8n's states. */
export function saveN8nApiKey(apiKey: string | null): Promise<N8nAdvancedSettings> {
  return api.put<N8nAdvancedSettings>('/api/admin/n8n/settings/api-key', { apiKey }, { retry: false });
}

export function useSaveN8nApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveN8nApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
