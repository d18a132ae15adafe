import type { N8nRoutingRuleList } from '@parley/shared/contracts/n8n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** GET /api/admin/n8n/routing-rules: by priority, ascending. */
export function getRoutingRules({ signal }: { signal?: AbortSignal } = {}): Promise<N8nRoutingRuleList> {
  return api.get<N8nRoutingRuleList>('/api/admin/n8n/routing-rules', { signal });
}

export function getRoutingRulesQueryOptions() {
  return queryOptions({ queryKey: [...N8N_QUERY_ROOT, 'routing-rules'], queryFn: ({ signal }) => getRoutingRules({ signal }) });
}

export function useRoutingRules() {
  return useQuery(getRoutingRulesQueryOptions());
}
