import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** DELETE /api/admin/n8n/workflows/:id: refused while a routing rule sends documents to it. */
export function deleteWorkflow(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/n8n/workflows/${id}`);
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWorkflow, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
