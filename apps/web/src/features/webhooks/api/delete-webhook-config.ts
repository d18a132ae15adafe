import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** DELETE: the webhook and its delivery log. */
export function deleteWebhookConfig(scope: WebhookScope, id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(webhookConfigPath(scope, id));
}

export function useDeleteWebhookConfig(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhookConfig(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
