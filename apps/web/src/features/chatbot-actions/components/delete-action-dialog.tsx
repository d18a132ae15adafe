import type { ChatbotAction } from '@parley/shared/contracts/chatbot-actions';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteChatbotAction } from '../api/delete-chatbot-action';

/** Asks before an action goes; the calls it already made stay in the conversations. */
export function DeleteActionDialog({ chatbotId, action, onClose }: { chatbotId: string; action: ChatbotAction; onClose: () => void }) {
  const remove = useDeleteChatbotAction(chatbotId);
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title={`Delete the action ${action.name}?`}
        description="The chatbot stops offering it from the next answer. The calls it already made stay in the conversations."
        confirmLabel="Delete action"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(action.id, {
            onSuccess: () => {
              toast.success(`Action ${action.name} deleted.`);
              onClose();
            },
            onError: (error) => toast.error(`Could not delete the action: ${getErrorMessage(error)}`),
          })
        }
      />
    </AlertDialog>
  );
}
