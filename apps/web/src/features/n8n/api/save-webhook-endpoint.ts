import type { CreateN8nWebhookEndpointBody, N8nWebhookEndpoint, UpdateN8nWebhookEndpointBody } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/webhooks (new) or PATCH /api/admin/n8n/webhooks/:id (edit). */
export function saveWebhookEndpoint(input: { id: null; body: CreateN8nWebhookEndpointBody } | { id: string; body: UpdateN8nWebhookEndpointBody }) {
  return input.id
    ? api.patch<N8nWebhookEndpoint>(`/api/admin/n8n/webhooks/${input.id}`, input.body)
    : api.post<N8nWebhookEndpoint>('/api/admin/n8n/webhooks', input.body);
}

export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWebhookEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
