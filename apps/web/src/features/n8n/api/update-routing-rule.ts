import type { N8nRoutingRule, UpdateN8nRoutingRuleBody } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** PATCH /api/admin/n8n/routing-rules/:id: any field; a lone isActive is the toggle. */
export function updateRoutingRule({ id, changes }: { id: string; changes: UpdateN8nRoutingRuleBody }): Promise<N8nRoutingRule> {
  return api.patch<N8nRoutingRule>(`/api/admin/n8n/routing-rules/${id}`, changes);
}

export function useUpdateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRoutingRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
