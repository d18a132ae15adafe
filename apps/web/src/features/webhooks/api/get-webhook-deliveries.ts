import type { WebhookDeliveryList, WebhookDeliveryStatus } from '@parley/shared/contracts/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookConfigPath, webhookQueryRoot, type WebhookScope } from './webhook-scope';

export interface DeliveryLogQuery {
  page: number;
  pageSize: number;
  status?: WebhookDeliveryStatus | undefined;
}

/** The log refreshes while it is open: retries and the worker change it without anyone asking. */
const REFRESH_MS = 5000;

/** GET …/deliveries: one webhook's deliveries, newest first, a page at a time. */
export function getWebhookDeliveries(scope: WebhookScope, id: string, query: DeliveryLogQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<WebhookDeliveryList>(`${webhookConfigPath(scope, id)}/deliveries`, { signal, query: { ...query } });
}

export function getWebhookDeliveriesQueryOptions(scope: WebhookScope, id: string, query: DeliveryLogQuery) {
  return queryOptions({
    queryKey: [...webhookQueryRoot(scope), 'deliveries', id, query],
    queryFn: ({ signal }) => getWebhookDeliveries(scope, id, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useWebhookDeliveries(scope: WebhookScope, id: string, query: DeliveryLogQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(scope, id, query), enabled });
}
