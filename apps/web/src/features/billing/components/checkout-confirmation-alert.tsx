import { BILLING_MESSAGES } from '@parley/shared/contracts/billing';
import { ClockIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';

/** The state of the payment the customer came back from, until the provider has confirmed it. */
export function CheckoutConfirmationAlert({ phase, checkAgain, isChecking }: ReturnType<typeof useCheckoutConfirmation>) {
  if (phase === 'idle') return null;
  if (phase === 'confirming') {
    return (
      <Alert data-testid="checkout-confirmation">
        <Spinner />
        <AlertTitle>{BILLING_MESSAGES.confirmingPayment}</AlertTitle>
        <AlertDescription>{BILLING_MESSAGES.confirmingPaymentDetail}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert data-testid="checkout-confirmation">
      <ClockIcon />
      <AlertTitle>{BILLING_MESSAGES.confirmationDelayed}</AlertTitle>
      <AlertDescription>
        <p>{BILLING_MESSAGES.confirmationDelayedDetail}</p>
        <Button variant="outline" size="sm" className="mt-2" disabled={isChecking} onClick={checkAgain}>
          Check again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
