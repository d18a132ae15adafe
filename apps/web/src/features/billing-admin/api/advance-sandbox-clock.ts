import type { SandboxClockReset, SandboxClockResult, SandboxClockState } from '@parley/shared/contracts/billing';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

/** Every billing figure is read at the sandbox clock (billingReportTime on the server), the dashboard's Monthly Revenue too. */
const invalidateBillingFigures = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: BILLING_ADMIN_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })]);

const CLOCK_KEY = [...BILLING_ADMIN_QUERY_KEY, 'sandbox-clock'] as const;

/** GET /api/admin/billing/sandbox/clock: the sandbox's time and how far it is ahead of real time. */
export function getSandboxClockQueryOptions() {
  return queryOptions({
    queryKey: CLOCK_KEY,
    queryFn: ({ signal }) => api.get<SandboxClockState>('/api/admin/billing/sandbox/clock', { signal }),
  });
}
export const useSandboxClock = (enabled: boolean) => useQuery({ ...getSandboxClockQueryOptions(), enabled });

/** POST /api/admin/billing/sandbox/clock: moves the sandbox's clock forward and runs the renewals and retries that fell due. */
export function useAdvanceSandboxClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seconds: number) => api.post<SandboxClockResult>('/api/admin/billing/sandbox/clock', { seconds }, { retry: false }),
    onSettled: () => invalidateBillingFigures(queryClient),
  });
}

/** DELETE /api/admin/billing/sandbox/clock: puts the sandbox's clock back to real time. */
export function useResetSandboxClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<SandboxClockReset>('/api/admin/billing/sandbox/clock', { retry: false }),
    onSettled: () => invalidateBillingFigures(queryClient),
  });
}
