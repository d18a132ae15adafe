import {
  BILLING_REFRESH_MS,
  type BillingHealth,
  type PaymentFailures,
  type SubscriptionHealth,
  type WebhookHealth,
} from '@parley/shared/contracts/billing-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

/** GET /api/admin/billing/health: the score with every figure it was computed from (refreshed with the payment failures, 30 s). */
export function getBillingHealthQueryOptions() {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'health'],
    queryFn: ({ signal }) => api.get<BillingHealth>('/api/admin/billing/health', { signal }),
    refetchInterval: BILLING_REFRESH_MS.paymentFailures,
  });
}
export const useBillingHealth = () => useQuery(getBillingHealthQueryOptions());

/** Spec §9: payment failures every 30 s. */
export function usePaymentFailures() {
  return useQuery(
    queryOptions({
      queryKey: [...BILLING_ADMIN_QUERY_KEY, 'payment-failures'],
      queryFn: ({ signal }) => api.get<PaymentFailures>('/api/admin/billing/payment-failures', { signal }),
      refetchInterval: BILLING_REFRESH_MS.paymentFailures,
    }),
  );
}

/** Spec §9: subscription health every 60 s. */
export function useSubscriptionHealth() {
  return useQuery(
    queryOptions({
      queryKey: [...BILLING_ADMIN_QUERY_KEY, 'subscription-health'],
      queryFn: ({ signal }) => api.get<SubscriptionHealth>('/api/admin/billing/subscription-health', { signal }),
      refetchInterval: BILLING_REFRESH_MS.subscriptionHealth,
    }),
  );
}

/** Spec §9: webhook health every 60 s. */
export function useWebhookHealth() {
  return useQuery(
    queryOptions({
      queryKey: [...BILLING_ADMIN_QUERY_KEY, 'webhook-health'],
      queryFn: ({ signal }) => api.get<WebhookHealth>('/api/admin/billing/webhook-health', { signal }),
      refetchInterval: BILLING_REFRESH_MS.webhookHealth,
    }),
  );
}
