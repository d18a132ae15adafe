import type { EvaluationQuestion } from '@parley/shared/contracts/evaluations';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteEvaluationQuestion } from '../api/delete-evaluation-question';

export function DeleteEvaluationQuestionDialog({ chatbotId, question, onClose }: { chatbotId: string; question: EvaluationQuestion; onClose: () => void }) {
  const remove = useDeleteEvaluationQuestion();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title="Delete this question?"
        description={`“${question.question}” is no longer asked. Past evaluations keep their result for it.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { chatbotId, questionId: question.id },
            {
              onSuccess: () => {
                toast.success('Question deleted.');
                onClose();
              },
              onError: (error) => {
                toast.error(`Could not delete the question: ${getErrorMessage(error)}`);
                onClose();
              },
            },
          )
        }
      />
    </AlertDialog>
  );
}
