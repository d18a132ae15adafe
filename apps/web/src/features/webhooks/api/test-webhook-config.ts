import type { WebhookDelivery } from '@parley/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** POST …/test: a signed webhook.test event sent now; the answer is the delivery as logged. */
export function testWebhookConfig(scope: WebhookScope, id: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${webhookConfigPath(scope, id)}/test`, {});
}

export function useTestWebhookConfig(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => testWebhookConfig(scope, id),
    // The card's last delivery and the log both show the test.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
