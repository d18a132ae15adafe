import type { ActionCallLog, ActionCallOutcome } from '@parley/shared/contracts/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookQueryRoot } from './webhook-scope';

export interface ActionCallLogQuery {
  page: number;
  pageSize: number;
  chatbotId?: string | undefined;
  outcome?: ActionCallOutcome | undefined;
}

/** The log refreshes while it is open: every answer that calls an action adds to it. */
const REFRESH_MS = 10_000;

/** GET /api/webhooks/action-calls: the organization's webhook action calls, newest first, a page at a time. */
export function getActionCalls(query: ActionCallLogQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ActionCallLog> {
  return api.get<ActionCallLog>('/api/webhooks/action-calls', { signal, query: { ...query } });
}

export function getActionCallsQueryOptions(query: ActionCallLogQuery) {
  return queryOptions({
    queryKey: [...webhookQueryRoot('organization'), 'action-calls', query],
    queryFn: ({ signal }) => getActionCalls(query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useActionCalls(query: ActionCallLogQuery) {
  return useQuery(getActionCallsQueryOptions(query));
}
