import type { N8nAdvancedSettings, N8nAdvancedSettingsBody } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** PUT /api/admin/n8n/settings: the whole settings object. Thresholds change Monitoring's health, so all is refreshed. */
export function updateN8nSettings(body: N8nAdvancedSettingsBody): Promise<N8nAdvancedSettings> {
  return api.put<N8nAdvancedSettings>('/api/admin/n8n/settings', body);
}

export function useUpdateN8nSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateN8nSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
