import type { PayResult, SandboxCard, SandboxCheckoutSession, SandboxPortal } from '@parley/shared/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_QUERY_KEY } from './get-subscription';

const sessionKey = (id: string) => [...BILLING_QUERY_KEY, 'sandbox-session', id] as const;

/** GET /api/billing/sandbox/checkout/:id: the buyer's sandbox checkout session. */
export function getSandboxSession(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<SandboxCheckoutSession> {
  return api.get<SandboxCheckoutSession>(`/api/billing/sandbox/checkout/${encodeURIComponent(id)}`, { signal });
}

export function useSandboxSession(id: string) {
  return useQuery(queryOptions({ queryKey: sessionKey(id), queryFn: ({ signal }) => getSandboxSession(id, { signal }), retry: false }));
}

export function usePaySandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: SandboxCard) => api.post<PayResult>(`/api/billing/sandbox/checkout/${encodeURIComponent(id)}/pay`, card),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
  });
}

/** Starts a trial that needs no card (the billing settings allow it). */
export function useStartSandboxTrial(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayResult>(`/api/billing/sandbox/checkout/${encodeURIComponent(id)}/start-trial`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
  });
}

export function useConfirmSandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approve: boolean) => api.post<PayResult>(`/api/billing/sandbox/checkout/${encodeURIComponent(id)}/confirm`, { approve }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
  });
}

/** GET /api/billing/sandbox/portal: the sandbox's customer portal. */
export function useSandboxPortal() {
  return useQuery(
    queryOptions({
      queryKey: [...BILLING_QUERY_KEY, 'sandbox-portal'],
      queryFn: ({ signal }) => api.get<SandboxPortal>('/api/billing/sandbox/portal', { signal }),
    }),
  );
}

export function useUpdateSandboxCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: SandboxCard) => api.put<SandboxPortal>('/api/billing/sandbox/portal/card', card),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
  });
}
