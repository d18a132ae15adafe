import type { EvaluationRun, EvaluationRunList } from '@parley/shared/contracts/evaluations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { evaluationQueryKey } from './get-evaluation-questions';

/** The runs the chart draws (the newest, newest first). */
export const RUN_HISTORY_SIZE = 30;
/** How often a waiting or running evaluation is asked about. */
export const RUN_POLL_MS = 1500;

export const isUnfinished = (run: Pick<EvaluationRun, 'status'> | undefined) => run?.status === 'queued' || run?.status === 'running';

export function evaluationRunsQueryKey(chatbotId: string) {
  return [...evaluationQueryKey(chatbotId), 'runs'] as const;
}

/** GET /api/chatbots/:id/evaluation-runs: the newest runs with their progress and scores. */
export function getEvaluationRuns(chatbotId: string, { signal }: { signal?: AbortSignal } = {}): Promise<EvaluationRunList> {
  return api.get<EvaluationRunList>(`/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-runs`, {
    query: { page: 1, pageSize: RUN_HISTORY_SIZE },
    signal,
  });
}

export function getEvaluationRunsQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: evaluationRunsQueryKey(chatbotId),
    queryFn: ({ signal }) => getEvaluationRuns(chatbotId, { signal }),
    // Asked again while the newest run waits or runs (one started after a training data change shows up at the next
    // look); stops once it has finished.
    refetchInterval: (query) => (isUnfinished(query.state.data?.items[0]) ? RUN_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useEvaluationRuns(chatbotId: string) {
  return useQuery(getEvaluationRunsQueryOptions(chatbotId));
}
