import type { KnowledgeSource } from '@parley/shared/contracts/chatbots';
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
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteSource } from '../api/delete-source';

export function DeleteSourceDialog({ source, onClose }: { source: KnowledgeSource; onClose: () => void }) {
  const remove = useDeleteSource();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {source.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its {source.chunkCount === 1 ? 'chunk is' : `${source.chunkCount} chunks are`} removed too, so the chatbot stops answering from it. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(
                { chatbotId: source.chatbotId, sourceId: source.id },
                {
                  onSuccess: () => {
                    toast.success(`${source.name} was deleted.`);
                    onClose();
                  },
                  onError: (error) => {
                    toast.error(`Could not delete ${source.name}: ${getErrorMessage(error)}`);
                    onClose();
                  },
                },
              );
            }}
          >
            {remove.isPending && <Spinner />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
