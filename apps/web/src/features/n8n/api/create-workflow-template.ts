import type { CreateN8nWorkflowTemplateBody, N8nWorkflowTemplate } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/templates: n8n's nodes and connections, with variables. */
export function createWorkflowTemplate(body: CreateN8nWorkflowTemplateBody): Promise<N8nWorkflowTemplate> {
  return api.post<N8nWorkflowTemplate>('/api/admin/n8n/templates', body);
}

export function useCreateWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkflowTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
