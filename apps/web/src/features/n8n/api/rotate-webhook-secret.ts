import type { N8nWebhookSecret } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/settings/webhook-secret: a new bearer secret, shown this once. */
export function rotateWebhookSecret(): Promise<N8nWebhookSecret> {
  return api.post<N8nWebhookSecret>('/api/admin/n8n/settings/webhook-secret', {}, { retry: false });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...N8N_QUERY_ROOT, 'settings'] }) });
}
