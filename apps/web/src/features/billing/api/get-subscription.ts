import type { CheckoutResult, SubscriptionOverview, TierCheckoutBody } from '@parley/shared/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BILLING_QUERY_KEY = ['billing'] as const;

/** GET /api/billing/subscription: plan, limits, usage, subscription, plans on offer. */
export function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionOverview> {
  return api.get<SubscriptionOverview>('/api/billing/subscription', { signal });
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: [...BILLING_QUERY_KEY, 'subscription'], queryFn: ({ signal }) => getSubscription({ signal }) });

export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions());
}

/** POST /api/billing/subscription/checkout: a checkout URL, or the subscription changed in place. */
export function startTierCheckout(body: TierCheckoutBody): Promise<CheckoutResult> {
  return api.post<CheckoutResult>('/api/billing/subscription/checkout', body);
}

export function useStartTierCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startTierCheckout, onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }) });
}

/** POST /api/billing/subscription/cancel: cancel at period end, or take it back. */
export function cancelSubscription(cancelAtPeriodEnd: boolean): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/billing/subscription/cancel', { cancelAtPeriodEnd });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }) });
}

/** POST /api/billing/portal: the provider's customer portal. */
export function openPortal(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/billing/portal');
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
