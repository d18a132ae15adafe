import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';

interface DeleteItemDialogProps {
  /** "workflow", "webhook endpoint", "routing rule", "template". */
  kind: string;
  name: string;
  id: string;
  description: string;
  mutation: UseMutationResult<{ ok: true }, Error, string>;
  onClose: () => void;
}

/** Confirms deleting one item of this screen; the server logs the deletion. */
export function DeleteItemDialog({ kind, name, id, description, mutation, onClose }: DeleteItemDialogProps) {
  const label = kind.charAt(0).toUpperCase() + kind.slice(1);
  return (
    <AlertDialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <ConfirmDialogContent
        title={`Delete “${name}”?`}
        description={description}
        confirmLabel={`Delete ${kind}`}
        isPending={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(id, {
            onSuccess: () => {
              toast.success(`${label} deleted`);
              onClose();
            },
            onError: (error) => toast.error('Error', { description: `Failed to delete ${kind}: ${getErrorMessage(error)}` }),
          })
        }
      />
    </AlertDialog>
  );
}
