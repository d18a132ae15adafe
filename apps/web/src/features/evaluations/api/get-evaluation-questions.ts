import type { EvaluationQuestionList } from '@parley/shared/contracts/evaluations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const QUESTION_PAGE_SIZE = 10;

/** Every query of one chatbot's evaluation (questions and runs) shares this prefix. */
export function evaluationQueryKey(chatbotId: string) {
  return ['evaluations', chatbotId] as const;
}

export function evaluationQuestionsQueryKey(chatbotId: string) {
  return [...evaluationQueryKey(chatbotId), 'questions'] as const;
}

/** GET /api/chatbots/:id/evaluation-questions: one page of the evaluation set, newest first. */
export function getEvaluationQuestions(chatbotId: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<EvaluationQuestionList> {
  return api.get<EvaluationQuestionList>(`/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-questions`, {
    query: { page, pageSize: QUESTION_PAGE_SIZE },
    signal,
  });
}

export function getEvaluationQuestionsQueryOptions(chatbotId: string, page: number) {
  return queryOptions({
    queryKey: [...evaluationQuestionsQueryKey(chatbotId), page] as const,
    queryFn: ({ signal }) => getEvaluationQuestions(chatbotId, page, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEvaluationQuestions(chatbotId: string, page: number) {
  return useQuery(getEvaluationQuestionsQueryOptions(chatbotId, page));
}
