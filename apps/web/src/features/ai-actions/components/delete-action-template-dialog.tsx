import type { ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteActionTemplate } from '../api/delete-action-template';

/** Deleting an action removes it with its webhooks and event handlers; deactivating keeps it (the card's switch). */
export function DeleteActionTemplateDialog({ template, onClose }: { template: ActionTemplate; onClose: () => void }) {
  const remove = useDeleteActionTemplate();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <ConfirmDialogContent
        title={`Delete “${template.name}”?`}
        description="The action, its webhooks and its event handlers are removed for good. To stop offering it but keep it, switch it to inactive instead."
        confirmLabel="Delete action"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(template.id, {
            onSuccess: () => {
              toast.success('Action template deleted');
              onClose();
            },
            onError: (error) => toast.error('Failed to delete action template', { description: getErrorMessage(error) }),
          })
        }
      />
    </AlertDialog>
  );
}
