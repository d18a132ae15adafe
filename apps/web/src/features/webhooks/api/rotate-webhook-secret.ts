import type { WebhookConfigWithSecret } from '@parley/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** POST …/rotate-secret: a new signing secret, shown once; the previous one keeps signing for 24 hours. */
export function rotateWebhookSecret(scope: WebhookScope, id: string): Promise<WebhookConfigWithSecret> {
  return api.post<WebhookConfigWithSecret>(`${webhookConfigPath(scope, id)}/rotate-secret`, {});
}

export function useRotateWebhookSecret(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotateWebhookSecret(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
