import type { EvaluationRun, EvaluationRunDetail } from '@parley/shared/contracts/evaluations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { evaluationRunsQueryKey } from './get-evaluation-runs';

/** GET /api/chatbots/:id/evaluation-runs/:runId: a run with each question's result. */
export function getEvaluationRun(chatbotId: string, runId: string, { signal }: { signal?: AbortSignal } = {}): Promise<EvaluationRunDetail> {
  return api.get<EvaluationRunDetail>(`/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-runs/${encodeURIComponent(runId)}`, { signal });
}

/**
 * Keyed by the run's status and progress as the (polled) run list last saw them: each question's result is read as
 * the list reports it asked, and the results never lag behind the scores shown beside them.
 */
export function getEvaluationRunQueryOptions(chatbotId: string, run: Pick<EvaluationRun, 'id' | 'status' | 'progress'>) {
  return queryOptions({
    queryKey: [...evaluationRunsQueryKey(chatbotId), run.id, run.status, run.progress.done] as const,
    queryFn: ({ signal }) => getEvaluationRun(chatbotId, run.id, { signal }),
    // The results shown stay while those of the next progress load.
    placeholderData: keepPreviousData,
  });
}

export function useEvaluationRun(chatbotId: string, run: Pick<EvaluationRun, 'id' | 'status' | 'progress'>) {
  return useQuery(getEvaluationRunQueryOptions(chatbotId, run));
}
