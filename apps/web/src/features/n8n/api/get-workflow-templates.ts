import type { N8nWorkflowTemplateList } from '@parley/shared/contracts/n8n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** GET /api/admin/n8n/templates: the three built-in templates, then saved public ones and your own. */
export function getWorkflowTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<N8nWorkflowTemplateList> {
  return api.get<N8nWorkflowTemplateList>('/api/admin/n8n/templates', { signal });
}

export function getWorkflowTemplatesQueryOptions() {
  return queryOptions({ queryKey: [...N8N_QUERY_ROOT, 'templates'], queryFn: ({ signal }) => getWorkflowTemplates({ signal }) });
}

export function useWorkflowTemplates() {
  return useQuery(getWorkflowTemplatesQueryOptions());
}
