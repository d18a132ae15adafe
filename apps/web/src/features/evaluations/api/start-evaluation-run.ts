import type { EvaluationRun } from '@parley/shared/contracts/evaluations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { evaluationRunsQueryKey } from './get-evaluation-runs';

/** POST /api/chatbots/:id/evaluation-runs: asks the whole set again, in the background (409 while one waits or runs). */
export function startEvaluationRun({ chatbotId }: { chatbotId: string }): Promise<EvaluationRun> {
  return api.post<EvaluationRun>(`/api/chatbots/${encodeURIComponent(chatbotId)}/evaluation-runs`, {});
}

export function useStartEvaluationRun() {
  const queryClient = useQueryClient();
  // Also after a 409: the run that is already going is then shown.
  return useMutation({
    mutationFn: startEvaluationRun,
    onSettled: (_run, _error, { chatbotId }) => queryClient.invalidateQueries({ queryKey: evaluationRunsQueryKey(chatbotId) }),
  });
}
