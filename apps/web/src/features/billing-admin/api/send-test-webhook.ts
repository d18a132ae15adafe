import type { WebhookTestResult } from '@parley/shared/contracts/billing-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

/** POST /api/admin/billing/webhook-test: a signed test event through the real ingestion endpoint. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventType: string) => api.post<WebhookTestResult>('/api/admin/billing/webhook-test', { eventType }, { retry: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_ADMIN_QUERY_KEY }),
  });
}
