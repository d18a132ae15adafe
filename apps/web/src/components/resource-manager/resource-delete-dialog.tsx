import type { ReactNode } from 'react';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';

/** A delete mutation (TanStack Query's `useMutation` result); its hook refreshes the list it deletes from. */
interface DeleteMutation<Variables> {
  mutate: (variables: Variables, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

interface ResourceDeleteDialogProps<Variables> {
  title: ReactNode;
  /** What deleting it does. */
  description: ReactNode;
  confirmLabel: string;
  mutation: DeleteMutation<Variables>;
  /** What the mutation is called with: the item's id (or key). */
  variables: Variables;
  /** The success toast. */
  deletedMessage: string;
  /**
   * The failure toast: a title with the server's reason below it ("Error" unless told), or, as a function, a sentence
   * that includes the reason.
   */
  failedMessage?: string | ((reason: string) => string);
  /** The dialog cannot be closed while the request runs, and stays open when it fails, to try again. */
  keepOpenOnError?: boolean;
  /** After a deletion, besides closing: forget what was open for the item. */
  onDeleted?: () => void;
  onClose: () => void;
}

function toastFailure(failedMessage: string | ((reason: string) => string), error: Error) {
  const reason = getErrorMessage(error);
  if (typeof failedMessage === 'function') toast.error(failedMessage(reason));
  else toast.error(failedMessage, { description: reason });
}

/** Asks before deleting one item of a resource list, then says in a toast how it went. */
export function ResourceDeleteDialog<Variables>({
  title,
  description,
  confirmLabel,
  mutation,
  variables,
  deletedMessage,
  failedMessage = 'Error',
  keepOpenOnError = false,
  onDeleted,
  onClose,
}: ResourceDeleteDialogProps<Variables>) {
  const confirm = () =>
    mutation.mutate(variables, {
      onSuccess: () => {
        toast.success(deletedMessage);
        onDeleted?.();
        onClose();
      },
      onError: (error) => {
        toastFailure(failedMessage, error);
        if (!keepOpenOnError) onClose();
      },
    });
  return (
    <AlertDialog open onOpenChange={(open) => !open && !(keepOpenOnError && mutation.isPending) && onClose()}>
      <ConfirmDialogContent title={title} description={description} confirmLabel={confirmLabel} isPending={mutation.isPending} onConfirm={confirm} />
    </AlertDialog>
  );
}
