import { BILLING_MESSAGES } from '@parley/shared/contracts/billing';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { BILLING_QUERY_KEY } from '../api/get-subscription';
import type { CheckoutOutcome } from '../utils/checkout-outcome';

/** How often the page asks again, and for how long, while the provider's confirmation has not arrived. */
export const CHECKOUT_CONFIRM_POLL_MS = 2_000;
export const CHECKOUT_CONFIRM_TIMEOUT_MS = 60_000;

/** `confirming`: polling; `delayed`: 60 s passed without the confirmation (still watched, no longer polled). */
export type CheckoutConfirmationPhase = 'idle' | 'confirming' | 'delayed';

interface Options<T, K extends QueryKey> {
  /** The page's overview query: polled through it, so the page shows what the polling reads. */
  query: UseQueryOptions<T, Error, T, K>;
  outcome: (data: T) => CheckoutOutcome;
  successMessage: string;
}

/**
 * The return from a hosted checkout (`?checkout=success|canceled`). Success means the customer paid, not that Parley
 * knows it yet: the plan or the tokens come with the provider's webhook, which may arrive after the customer. So the
 * overview is polled until it shows the result, and only then is the success toast shown.
 */
export function useCheckoutConfirmation<T, K extends QueryKey>({ query: options, outcome, successMessage }: Options<T, K>) {
  const [params, setParams] = useSearchParams();
  const [phase, setPhase] = useState<CheckoutConfirmationPhase>('idle');
  const [startedAt, setStartedAt] = useState(0);
  const queryClient = useQueryClient();

  useEffect(() => {
    const result = params.get('checkout');
    if (!result) return;
    if (result === 'success') {
      setPhase('confirming');
      setStartedAt(Date.now());
    } else toast.message(BILLING_MESSAGES.checkoutCanceled);
    setParams({}, { replace: true });
  }, [params, setParams]);

  const query = useQuery({ ...options, refetchInterval: phase === 'confirming' ? CHECKOUT_CONFIRM_POLL_MS : false, refetchIntervalInBackground: true });

  useEffect(() => {
    if (phase !== 'confirming') return;
    const timer = setTimeout(() => setPhase('delayed'), CHECKOUT_CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // Only data read after the return counts: a cached overview from before the checkout says nothing about it.
  const current = phase !== 'idle' && query.data !== undefined && query.dataUpdatedAt >= startedAt ? outcome(query.data) : 'pending';
  useEffect(() => {
    if (phase === 'idle' || current === 'pending') return;
    if (current === 'paid') toast.success(successMessage);
    else toast.error(BILLING_MESSAGES.paymentNotCompleted);
    setPhase('idle');
    // The same event brought the invoice and changed the balance or the limits the other billing queries show.
    void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
  }, [phase, current, successMessage, queryClient]);

  const { refetch } = query;
  const checkAgain = useCallback(() => void refetch(), [refetch]);
  return { phase, checkAgain, isChecking: query.isFetching };
}
