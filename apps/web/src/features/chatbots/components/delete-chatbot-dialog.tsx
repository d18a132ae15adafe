import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
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
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {chatbot.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its training data, conversations and settings are deleted for good, and the widget stops answering on every website. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(chatbot.id, {
                onSuccess: () => {
                  toast.success(`${chatbot.name} was deleted.`);
                  setOpen(false);
                  onDeleted();
                },
                onError: (error) => toast.error(`Could not delete the chatbot: ${getErrorMessage(error)}`),
              });
            }}
          >
            {remove.isPending && <Spinner />}
            Delete chatbot
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
