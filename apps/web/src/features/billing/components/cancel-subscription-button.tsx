import { BILLING_MESSAGES } from '@parley/shared/contracts/billing';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/get-subscription';

interface CancelSubscriptionButtonProps {
  subscription: { cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null };
  planName: string;
  onChanged?: () => void;
}

/**
 * "Cancel at period end", confirmed first: the dialog says when the plan ends, that nothing more is charged, what the
 * organization falls back to and that the owners are e-mailed. Resuming needs no confirmation (it undoes nothing).
 */
export function CancelSubscriptionButton({ subscription, planName, onChanged }: CancelSubscriptionButtonProps) {
  const cancel = useCancelSubscription();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const change = (cancelAtPeriodEnd: boolean) =>
    cancel.mutate(cancelAtPeriodEnd, {
      onSuccess: () => {
        toast.success(cancelAtPeriodEnd ? BILLING_MESSAGES.canceledAtPeriodEnd : BILLING_MESSAGES.resumed);
        setConfirmOpen(false);
        onChanged?.();
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  if (subscription.cancelAtPeriodEnd) {
    return (
      <Button variant="outline" disabled={cancel.isPending} onClick={() => change(false)}>
        Resume subscription
      </Button>
    );
  }
  const ends = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  return (
    <AlertDialog open={isConfirmOpen} onOpenChange={(open) => !cancel.isPending && setConfirmOpen(open)}>
      <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirmOpen(true)}>
        Cancel at period end
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel your {planName} plan?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2" data-testid="cancel-subscription-summary">
              <p>
                {ends
                  ? `Your ${planName} plan stays active until ${ends}, and nothing more is charged.`
                  : `Your ${planName} plan stays active until the end of the current period, and nothing more is charged.`}
              </p>
              <p>Then the organization moves to the Free plan and its limits. You can resume the subscription until then.</p>
              <p>The organization’s owners get an e-mail confirming the date.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep my plan</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={cancel.isPending}
            onClick={(event) => {
              event.preventDefault();
              change(true);
            }}
          >
            {cancel.isPending && <Spinner />}
            Cancel at period end
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
