import type { CreateN8nWorkflowBody, N8nWorkflow } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/workflows: created inactive; the server logs n8n_workflow_created. */
export function createWorkflow(body: CreateN8nWorkflowBody): Promise<N8nWorkflow> {
  return api.post<N8nWorkflow>('/api/admin/n8n/workflows', body);
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkflow, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
