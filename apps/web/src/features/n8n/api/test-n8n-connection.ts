import type { N8nHealthResult } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** POST /api/admin/n8n/settings/test-connection: the server GETs n8n's /healthz for the URL (or the configured one). */
export function testN8nConnection(url: string): Promise<N8nHealthResult> {
  return api.post<N8nHealthResult>('/api/admin/n8n/settings/test-connection', { url }, { retry: false });
}

export function useTestN8nConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testN8nConnection, onSettled: () => queryClient.invalidateQueries({ queryKey: [...N8N_QUERY_ROOT, 'monitoring'] }) });
}
