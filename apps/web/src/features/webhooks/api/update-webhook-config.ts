import type { UpdateWebhookConfigBody, WebhookConfig } from '@parley/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** PATCH: changes the fields given. Turning a webhook off gives up the deliveries still waiting for it. */
export function updateWebhookConfig(scope: WebhookScope, id: string, body: UpdateWebhookConfigBody): Promise<WebhookConfig> {
  return api.patch<WebhookConfig>(webhookConfigPath(scope, id), body);
}

export function useUpdateWebhookConfig(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookConfigBody }) => updateWebhookConfig(scope, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
