import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** DELETE /api/admin/n8n/webhooks/:id. */
export function deleteWebhookEndpoint(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/n8n/webhooks/${id}`);
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
