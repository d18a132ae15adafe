import type { SandboxClockResult } from '@parley/shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

/** POST /api/admin/billing/sandbox/clock: moves the sandbox's clock forward and runs the renewals and retries that fell due. */
export function useAdvanceSandboxClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seconds: number) => api.post<SandboxClockResult>('/api/admin/billing/sandbox/clock', { seconds }, { retry: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_ADMIN_QUERY_KEY }),
  });
}
