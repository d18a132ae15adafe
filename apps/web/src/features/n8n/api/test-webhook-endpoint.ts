import type { N8nWebhookTestResult } from '@parley/shared/contracts/n8n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/**
 * POST /api/admin/n8n/webhooks/:id/test: the server sends the test to n8n and reports the answer; a failed answer
 * is a result (success false), not an error. The request count and Monitoring change, so both are refreshed.
 */
export function testWebhookEndpoint(id: string): Promise<N8nWebhookTestResult> {
  return api.post<N8nWebhookTestResult>(`/api/admin/n8n/webhooks/${id}/test`, undefined, { retry: false });
}

export function useTestWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWebhookEndpoint, onSettled: () => queryClient.invalidateQueries({ queryKey: N8N_QUERY_ROOT }) });
}
