import type { TokenOverview } from '@parley/shared/contracts/billing';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_QUERY_KEY } from './get-subscription';

/** GET /api/billing/tokens: balance, packages for sale, recent purchases. */
export function getTokens({ signal }: { signal?: AbortSignal } = {}): Promise<TokenOverview> {
  return api.get<TokenOverview>('/api/billing/tokens', { signal });
}

export const getTokensQueryOptions = () => queryOptions({ queryKey: [...BILLING_QUERY_KEY, 'tokens'], queryFn: ({ signal }) => getTokens({ signal }) });

export function useTokens() {
  return useQuery(getTokensQueryOptions());
}

/** POST /api/billing/tokens/checkout: where to pay for a package. */
export function startTokenCheckout(packageId: string): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/billing/tokens/checkout', { packageId });
}

export function useStartTokenCheckout() {
  return useMutation({ mutationFn: startTokenCheckout });
}
