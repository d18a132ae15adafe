import type { EvaluationQuestion, EvaluationQuestionBody } from '@parley/shared/contracts/evaluations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { evaluationQuestionsQueryKey } from './get-evaluation-questions';

/** Adds a question (POST) or changes one (PUT /api/chatbots/:id/evaluation-questions/:questionId). */
export function saveEvaluationQuestion({
  chatbotId,
  questionId,
  body,
}: {
  chatbotId: string;
  questionId: string | null;
  body: EvaluationQuestionBody;
}): Promise<EvaluationQuestion> {
  const questions = `/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-questions`;
  return questionId === null
    ? api.post<EvaluationQuestion>(questions, body)
    : api.put<EvaluationQuestion>(`${questions}/${encodeURIComponent(questionId)}`, body);
}

export function useSaveEvaluationQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvaluationQuestion,
    onSuccess: (_question, { chatbotId }) => queryClient.invalidateQueries({ queryKey: evaluationQuestionsQueryKey(chatbotId) }),
  });
}
