import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** DELETE /api/admin/n8n/routing-rules/:id. */
export function deleteRoutingRule(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/n8n/routing-rules/${id}`);
}

export function useDeleteRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRoutingRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
