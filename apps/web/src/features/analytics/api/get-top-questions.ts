import type { TopQuestions } from '@parley/shared/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANALYTICS_QUERY_ROOT, type AnalyticsParams } from './get-analytics-summary';

export const TOP_QUESTIONS_LIMIT = 10;

/** GET /api/analytics/top-questions: the questions asked most in the period, grouped by wording, with how often answered. */
export function getTopQuestions(params: AnalyticsParams & { limit: number }, { signal }: { signal?: AbortSignal } = {}): Promise<TopQuestions> {
  return api.get<TopQuestions>('/api/analytics/top-questions', { query: { ...params }, signal });
}

export function getTopQuestionsQueryOptions(params: AnalyticsParams, limit: number = TOP_QUESTIONS_LIMIT) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_ROOT, 'top-questions', { ...params, limit }],
    queryFn: ({ signal }) => getTopQuestions({ ...params, limit }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTopQuestions(params: AnalyticsParams, limit?: number) {
  return useQuery(getTopQuestionsQueryOptions(params, limit));
}
