import { CHATBOT_TEMPLATE_MESSAGES as MESSAGES, type ChatbotTemplate } from '@parley/shared/contracts/chatbot-templates';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteChatbotTemplate } from '../api/delete-chatbot-template';

export function DeleteChatbotTemplateDialog({ template, onClose }: { template: ChatbotTemplate; onClose: () => void }) {
  const remove = useDeleteChatbotTemplate();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title="Delete template?"
        description={`“${template.name}” will no longer be offered to customers. Chatbots already made from it are not affected.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(template.id, {
            onSuccess: () => {
              toast.success(MESSAGES.deleted);
              onClose();
            },
            onError: (error) => {
              toast.error(MESSAGES.deleteFailed(getErrorMessage(error)));
              onClose();
            },
          })
        }
      />
    </AlertDialog>
  );
}
