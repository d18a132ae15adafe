import type { SubscriptionOverview, TokenOverview } from '@parley/shared/contracts/billing';

/** What the page's data says about the checkout the user came back from. */
export type CheckoutOutcome = 'pending' | 'paid' | 'failed';

/**
 * Back from a plan checkout: paid once a subscription that holds the plan is there. A checkout is only started without
 * a live subscription (a plan change moves the live one in place), so any active or trialing one is this checkout's.
 */
export function subscriptionCheckoutOutcome(data: SubscriptionOverview): CheckoutOutcome {
  const status = data.subscription?.status;
  return status === 'active' || status === 'trialing' ? 'paid' : 'pending';
}

/**
 * Back from a token checkout: the purchase is recorded pending before the user is sent to pay, so the newest purchase
 * is this checkout's; it is settled once the provider's event has marked it paid (or failed, or expired). Older
 * pending purchases are checkouts left unfinished and do not hold the page up.
 */
export function tokenCheckoutOutcome(data: TokenOverview): CheckoutOutcome {
  const newest = data.purchases[0];
  if (!newest || newest.status === 'pending') return 'pending';
  return newest.status === 'paid' ? 'paid' : 'failed';
}
