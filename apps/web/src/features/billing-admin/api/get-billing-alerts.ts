import { BILLING_REFRESH_MS, type BillingAlert } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

const ALERTS_KEY = [...BILLING_ADMIN_QUERY_KEY, 'alerts'] as const;

/** GET /api/admin/billing/alerts: the 50 unresolved alerts, newest first, every 30 s (spec §9). */
export function getBillingAlertsQueryOptions() {
  return queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => api.get<{ items: BillingAlert[] }>('/api/admin/billing/alerts', { signal }),
    refetchInterval: BILLING_REFRESH_MS.alerts,
  });
}
export const useBillingAlerts = () => useQuery(getBillingAlertsQueryOptions());

/** POST /api/admin/billing/alerts/:id/resolve with optional notes; the server records who and when. */
export function useResolveBillingAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: { id: string; notes?: string }) =>
      api.post<BillingAlert>(`/api/admin/billing/alerts/${encodeURIComponent(id)}/resolve`, notes ? { notes } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
