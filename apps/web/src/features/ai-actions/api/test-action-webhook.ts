import type { TestActionWebhookBody, TestActionWebhookResult } from '@parley/shared/contracts/ai-actions';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/ai-actions/test-webhook: the server sends the test request (no CORS, public addresses only) and
 * reports the endpoint's answer; a failed answer is a result, not an error.
 */
export function testActionWebhook(body: TestActionWebhookBody): Promise<TestActionWebhookResult> {
  return api.post<TestActionWebhookResult>('/api/admin/ai-actions/test-webhook', body);
}

export function useTestActionWebhook() {
  return useMutation({ mutationFn: testActionWebhook });
}
