import type { CreateWebhookConfigBody, WebhookConfigWithSecret } from '@parley/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigsPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** POST: a new webhook and, this once, its whole signing secret. */
export function createWebhookConfig(scope: WebhookScope, body: CreateWebhookConfigBody): Promise<WebhookConfigWithSecret> {
  return api.post<WebhookConfigWithSecret>(webhookConfigsPath(scope), body);
}

export function useCreateWebhookConfig(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookConfigBody) => createWebhookConfig(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryRoot(scope) }),
  });
}
