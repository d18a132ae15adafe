import type { N8nWebhookEndpointList } from '@parley/shared/contracts/n8n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** GET /api/admin/n8n/webhooks: the webhook endpoints, newest first. */
export function getWebhookEndpoints({ signal }: { signal?: AbortSignal } = {}): Promise<N8nWebhookEndpointList> {
  return api.get<N8nWebhookEndpointList>('/api/admin/n8n/webhooks', { signal });
}

export function getWebhookEndpointsQueryOptions() {
  return queryOptions({ queryKey: [...N8N_QUERY_ROOT, 'webhooks'], queryFn: ({ signal }) => getWebhookEndpoints({ signal }) });
}

export function useWebhookEndpoints() {
  return useQuery(getWebhookEndpointsQueryOptions());
}
