import type { WebhookDelivery } from '@parley/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** POST …/deliveries/:id/resend: the same event (same webhook-id) queued again for this webhook. */
export function resendWebhookDelivery(scope: WebhookScope, id: string, deliveryId: number): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${webhookConfigPath(scope, id)}/deliveries/${deliveryId}/resend`, {});
}

export function useResendWebhookDelivery(scope: WebhookScope, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => resendWebhookDelivery(scope, id, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
