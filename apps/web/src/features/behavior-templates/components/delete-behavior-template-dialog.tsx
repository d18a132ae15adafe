import { BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES, type BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteBehaviorTemplate } from '../api/delete-behavior-template';

export function DeleteBehaviorTemplateDialog({ template, onClose }: { template: BehaviorTemplate; onClose: () => void }) {
  const remove = useDeleteBehaviorTemplate();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title="Delete behavior template?"
        description={`“${template.name}” will no longer be offered in the chatbot builder. Chatbots made from it keep their own copy of the prompt.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(template.id, {
            onSuccess: () => {
              toast.success(MESSAGES.deleted);
              onClose();
            },
            onError: (error) => {
              toast.error(MESSAGES.deleteFailed, { description: getErrorMessage(error) });
              onClose();
            },
          })
        }
      />
    </AlertDialog>
  );
}
