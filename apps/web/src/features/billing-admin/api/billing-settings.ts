import type { BillingSettings, BillingSettingsResponse } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

const SETTINGS_KEY = [...BILLING_ADMIN_QUERY_KEY, 'settings'] as const;

/** GET /api/admin/billing/settings: the saved billing settings (billing_settings). */
export function getBillingSettingsQueryOptions() {
  return queryOptions({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api.get<BillingSettingsResponse>('/api/admin/billing/settings', { signal }) });
}
export const useBillingSettings = () => useQuery(getBillingSettingsQueryOptions());

/** PUT /api/admin/billing/settings: saves them; the server logs each change in the admin activity log. */
export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BillingSettings) => api.put<BillingSettingsResponse>('/api/admin/billing/settings', settings),
    onSuccess: (data) => queryClient.setQueryData(SETTINGS_KEY, data),
  });
}
