import type { BillingConfiguration } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

const CONFIGURATION_KEY = [...BILLING_ADMIN_QUERY_KEY, 'configuration'] as const;

/** GET /api/admin/billing/configuration: the provider in use, the two secrets masked, the events and the webhook URL. */
export function getBillingConfigurationQueryOptions() {
  return queryOptions({
    queryKey: CONFIGURATION_KEY,
    queryFn: ({ signal }) => api.get<BillingConfiguration>('/api/admin/billing/configuration', { signal }),
  });
}
export const useBillingConfiguration = () => useQuery(getBillingConfigurationQueryOptions());

/** PUT /api/admin/billing/configuration: sets, rotates or clears a secret (null clears it). */
export function useUpdateBillingConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { secretKey?: string | null; webhookSecret?: string | null }) => api.put<BillingConfiguration>('/api/admin/billing/configuration', body),
    onSuccess: (data) => queryClient.setQueryData(CONFIGURATION_KEY, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_ADMIN_QUERY_KEY }),
  });
}
