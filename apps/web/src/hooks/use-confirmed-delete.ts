import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';

interface DeleteMutation<TVariables> {
  mutate: (variables: TVariables, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * The confirm button of a delete dialog: runs the mutation, says how it went in a toast (the deleted message, or the
 * server's reason), and closes the dialog either way.
 */
export function useConfirmedDelete<TVariables>(mutation: DeleteMutation<TVariables>, deletedMessage: string, close: () => void) {
  return (variables: TVariables) =>
    mutation.mutate(variables, {
      onSuccess: () => {
        toast.success(deletedMessage);
        close();
      },
      onError: (error) => {
        toast.error('Error', { description: getErrorMessage(error) });
        close();
      },
    });
}
