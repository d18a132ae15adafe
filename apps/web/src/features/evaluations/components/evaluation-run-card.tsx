import type { EvaluationRun, EvaluationScore } from '@parley/shared/contracts/evaluations';
import type { ReactNode } from 'react';
import { AlertCircleIcon, PlayIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatRatio } from '@/lib/format';
import { useEvaluationRun } from '../api/get-evaluation-run';
import { isUnfinished, useEvaluationRuns } from '../api/get-evaluation-runs';
import { useStartEvaluationRun } from '../api/start-evaluation-run';
import { describeRunStatus, runPercent } from '../utils/run-display';
import { EvaluationResultList } from './evaluation-result-list';
import { EvaluationScoreChart } from './evaluation-score-chart';

/** "75% (3 of 4)"; a dash when the score counts no question. */
const describeScore = (score: EvaluationScore) => (score.counted === 0 ? '—' : `${formatRatio(score.rate)} (${score.correct} of ${score.counted})`);

const TRIGGER_TEXT = { manual: 'run by hand', 'training-data-changed': 'after a training data change' } as const;

function Summary({ run }: { run: EvaluationRun }) {
  if (!run.summary) return null;
  const figures = [
    { label: 'All questions right', score: run.summary.overall },
    { label: 'Right source retrieved', score: run.summary.retrieval },
    { label: 'Answered right', score: run.summary.answers },
    { label: 'Declined right', score: run.summary.declines },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 px-4 sm:px-6 lg:grid-cols-4" aria-label="Scores">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border bg-muted/30 px-3 py-2.5">
          <dt className="text-xs text-muted-foreground">{figure.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{describeScore(figure.score)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The newest run: its progress or scores, `chart` (the scores over time), then each question's result. */
function LatestRun({ chatbotId, run, chart }: { chatbotId: string; run: EvaluationRun; chart: ReactNode }) {
  const detail = useEvaluationRun(chatbotId, run);
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 px-4 sm:px-6" aria-live="polite">
        <p className="text-sm">
          <span className="font-medium">{describeRunStatus(run)}</span>
          <span className="text-muted-foreground">
            {' · '}
            {`${TRIGGER_TEXT[run.trigger]}, ${formatDateTime(run.finishedAt ?? run.startedAt ?? run.createdAt)}`}
          </span>
        </p>
        {isUnfinished(run) && <Progress value={runPercent(run)} aria-label="Evaluation progress" />}
      </div>
      {run.status === 'failed' && (
        <Alert variant="destructive" className="mx-4 w-auto sm:mx-6">
          <AlertCircleIcon />
          <AlertTitle>The evaluation failed</AlertTitle>
          <AlertDescription>{run.error}</AlertDescription>
        </Alert>
      )}
      <Summary run={run} />
      {chart}
      <h3 className="px-4 text-sm font-medium sm:px-6">Each question</h3>
      {detail.isPending ? (
        <LoadingRows label="Loading results" rows={3} className="h-14" containerClassName="px-4 sm:px-6" />
      ) : detail.isError ? (
        <div className="px-4 sm:px-6">
          <LoadErrorAlert title="Could not load the results" query={detail} />
        </div>
      ) : (
        <EvaluationResultList results={detail.data.results} />
      )}
    </div>
  );
}

/**
 * Runs: the Run evaluation button, the newest run's progress, scores and per-question results, and the scores of the
 * runs over time.
 */
export function EvaluationRunCard({ chatbotId, hasQuestions }: { chatbotId: string; hasQuestions: boolean }) {
  const runs = useEvaluationRuns(chatbotId);
  const start = useStartEvaluationRun();
  const latest = runs.data?.items[0];
  const isBusy = start.isPending || isUnfinished(latest);

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Results</CardTitle>
        <CardDescription>
          Each evaluation asks every question as the chat would (nothing is stored or counted as usage). One also starts by itself when the training data
          changes.
        </CardDescription>
        <CardAction>
          <Button size="sm" onClick={() => start.mutate({ chatbotId })} disabled={!hasQuestions || isBusy}>
            {isBusy ? <Spinner /> : <PlayIcon />}
            Run evaluation
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-5 px-0">
        {start.isError && (
          <Alert variant="destructive" className="mx-4 w-auto sm:mx-6">
            <AlertCircleIcon />
            <AlertTitle>Could not start the evaluation</AlertTitle>
            <AlertDescription>{getErrorMessage(start.error)}</AlertDescription>
          </Alert>
        )}
        {runs.isPending ? (
          <LoadingRows label="Loading evaluations" rows={2} className="h-14" containerClassName="px-4 sm:px-6" />
        ) : runs.isError ? (
          <div className="px-4 sm:px-6">
            <LoadErrorAlert title="Could not load the evaluations" query={runs} />
          </div>
        ) : !latest ? (
          <p className="px-4 text-sm text-muted-foreground sm:px-6">
            {hasQuestions ? 'No evaluation has run yet. Run one to see how the chatbot answers your questions.' : 'Add questions, then run an evaluation.'}
          </p>
        ) : (
          <LatestRun
            chatbotId={chatbotId}
            run={latest}
            chart={
              <section className="grid gap-2 px-4 sm:px-6" aria-label="Scores over time">
                <h3 className="text-sm font-medium">Scores over time</h3>
                <EvaluationScoreChart runs={runs.data.items} />
              </section>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
