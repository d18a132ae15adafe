import type { WebhookConfigList } from '@parley/shared/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigsPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

/** GET the scope's webhook configurations, newest first, with the installation's delivery limits. */
export function getWebhookConfigs(scope: WebhookScope, { signal }: { signal?: AbortSignal } = {}): Promise<WebhookConfigList> {
  return api.get<WebhookConfigList>(webhookConfigsPath(scope), { signal });
}

export function getWebhookConfigsQueryOptions(scope: WebhookScope) {
  return queryOptions({ queryKey: [...webhookQueryRoot(scope), 'list'], queryFn: ({ signal }) => getWebhookConfigs(scope, { signal }) });
}

export function useWebhookConfigs(scope: WebhookScope) {
  return useQuery(getWebhookConfigsQueryOptions(scope));
}
