import type { EvaluationRun, EvaluationScore } from '@parley/shared/contracts/evaluations';

/** What a run is doing, for the line beside the Run button. */
export function describeRunStatus(run: EvaluationRun): string {
  const { done, total } = run.progress;
  switch (run.status) {
    case 'queued':
      return run.trigger === 'manual' ? 'Waiting to start…' : 'The training data changed: waiting to start…';
    case 'running':
      return total === 0 ? 'Starting…' : `Asking question ${Math.min(done + 1, total)} of ${total}…`;
    case 'done':
      return `${done} ${done === 1 ? 'question' : 'questions'} asked`;
    case 'failed':
      return run.error ?? 'The evaluation failed.';
  }
}

/** The share of a run's questions asked so far, 0–100. */
export const runPercent = (run: EvaluationRun): number => (run.progress.total === 0 ? 0 : Math.round((100 * run.progress.done) / run.progress.total));

export interface ScorePoint {
  id: string;
  /** When the run finished (epoch ms), the x axis. */
  at: number;
  /** Percentages 0–100, or null when the run had no question of that kind. */
  overall: number | null;
  retrieval: number | null;
  answers: number | null;
  declines: number | null;
  trigger: EvaluationRun['trigger'];
}

const percent = (score: EvaluationScore) => (score.rate === null ? null : Math.round(score.rate * 1000) / 10);

/** The finished runs' scores, oldest first: the chart's points. */
export function scorePoints(runs: readonly EvaluationRun[]): ScorePoint[] {
  return runs
    .flatMap((run) =>
      run.status === 'done' && run.summary
        ? [
            {
              id: run.id,
              at: new Date(run.finishedAt ?? run.createdAt).getTime(),
              overall: percent(run.summary.overall),
              retrieval: percent(run.summary.retrieval),
              answers: percent(run.summary.answers),
              declines: percent(run.summary.declines),
              trigger: run.trigger,
            },
          ]
        : [],
    )
    .sort((a, b) => a.at - b.at);
}
