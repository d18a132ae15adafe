import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteChatbot } from '../api/delete-chatbot';

export function DeleteChatbotDialog({ chatbot, onDeleted }: { chatbot: Chatbot; onDeleted: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteChatbot();
  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon />
          Delete chatbot
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={`Delete ${chatbot.name}?`}
        description="Its training data, conversations and settings are deleted for good, and the widget stops answering on every website. This cannot be undone."
        confirmLabel="Delete chatbot"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(chatbot.id, {
            onSuccess: () => {
              toast.success(`${chatbot.name} was deleted.`);
              setOpen(false);
              onDeleted();
            },
            onError: (error) => toast.error(`Could not delete the chatbot: ${getErrorMessage(error)}`),
          })
        }
      />
    </AlertDialog>
  );
}
