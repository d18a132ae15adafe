import type { CreateN8nRoutingRuleBody, N8nRoutingRule } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/routing-rules: active, zero counts. */
export function createRoutingRule(body: CreateN8nRoutingRuleBody): Promise<N8nRoutingRule> {
  return api.post<N8nRoutingRule>('/api/admin/n8n/routing-rules', body);
}

export function useCreateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRoutingRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
