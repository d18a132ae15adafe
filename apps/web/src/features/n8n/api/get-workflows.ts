import type { N8nWorkflowList } from '@parley/shared/contracts/n8n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** GET /api/admin/n8n/workflows: the workflows, newest first. */
export function getWorkflows({ signal }: { signal?: AbortSignal } = {}): Promise<N8nWorkflowList> {
  return api.get<N8nWorkflowList>('/api/admin/n8n/workflows', { signal });
}

export function getWorkflowsQueryOptions() {
  return queryOptions({ queryKey: [...N8N_QUERY_ROOT, 'workflows'], queryFn: ({ signal }) => getWorkflows({ signal }) });
}

export function useWorkflows() {
  return useQuery(getWorkflowsQueryOptions());
}
