import type { N8nWorkflow, UpdateN8nWorkflowBody } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** PATCH /api/admin/n8n/workflows/:id: any field, or the status alone (activate / deactivate). */
export function updateWorkflow({ id, changes }: { id: string; changes: UpdateN8nWorkflowBody }): Promise<N8nWorkflow> {
  return api.patch<N8nWorkflow>(`/api/admin/n8n/workflows/${id}`, changes);
}

export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWorkflow, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
