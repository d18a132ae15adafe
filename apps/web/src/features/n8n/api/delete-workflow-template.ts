import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** DELETE /api/admin/n8n/templates/:id: saved templates only. */
export function deleteWorkflowTemplate(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/n8n/templates/${id}`);
}

export function useDeleteWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWorkflowTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
