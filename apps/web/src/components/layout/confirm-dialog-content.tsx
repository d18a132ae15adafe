import type { ReactNode } from 'react';
import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * The body of a destructive confirmation: title, what will happen, Cancel and the action.
 * The action does not close the dialog by itself; `onConfirm` decides when (after the request).
 */
export function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  isPending,
  onConfirm,
}: {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          disabled={isPending}
          onClick={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {isPending && <Spinner />}
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
