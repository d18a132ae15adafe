import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteSource } from '../api/delete-source';

export function DeleteSourceDialog({ source, onClose }: { source: KnowledgeSource; onClose: () => void }) {
  const remove = useDeleteSource();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title={`Delete ${source.name}?`}
        description={`Its ${source.chunkCount === 1 ? 'chunk is' : `${source.chunkCount} chunks are`} removed too, so the chatbot stops answering from it. This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(source, {
            onSuccess: () => {
              toast.success(`${source.name} was deleted.`);
              onClose();
            },
            onError: (error) => {
              toast.error(`Could not delete ${source.name}: ${getErrorMessage(error)}`);
              onClose();
            },
          })
        }
      />
    </AlertDialog>
  );
}
