import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { evaluationQuestionsQueryKey } from './get-evaluation-questions';

/** DELETE /api/chatbots/:id/evaluation-questions/:questionId (past runs keep their copy of it). */
export function deleteEvaluationQuestion({ chatbotId, questionId }: { chatbotId: string; questionId: string }): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-questions/${encodeURIComponent(questionId)}`);
}

export function useDeleteEvaluationQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvaluationQuestion,
    onSuccess: (_result, { chatbotId }) => queryClient.invalidateQueries({ queryKey: evaluationQuestionsQueryKey(chatbotId) }),
  });
}
