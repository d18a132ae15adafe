import type { EvaluationResult } from '@parley/shared/contracts/evaluations';
import { CheckIcon, ChevronDownIcon, MinusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatRatio } from '@/lib/format';
import { cn } from '@/lib/utils';

/** ✓ / ✗ with its meaning spelled out for screen readers; a dash when the check does not apply. */
function Mark({ value, label }: { value: boolean | null; label: string }) {
  if (value === null) {
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <MinusIcon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{label}: not checked</span>
      </span>
    );
  }
  const Icon = value ? CheckIcon : XIcon;
  return (
    <span className={cn('inline-flex items-center gap-1', value ? 'text-success' : 'text-destructive')}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{`${label}: ${value ? 'yes' : 'no'}`}</span>
    </span>
  );
}

function Verdict({ result }: { result: EvaluationResult }) {
  if (!result.isEvaluated) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        <Spinner className="size-3" />
        Waiting
      </Badge>
    );
  }
  return result.isCorrect ? (
    <Badge className="border-transparent bg-success/10 text-success">
      <CheckIcon aria-hidden="true" />
      Right
    </Badge>
  ) : (
    <Badge className="border-transparent bg-destructive/10 text-destructive">
      <XIcon aria-hidden="true" />
      Wrong
    </Badge>
  );
}

/** What the retrieval found: the expected source's rank, a miss, or no source to look for. */
function retrievalText(result: EvaluationResult): string {
  if (result.retrievalHit === null) return 'no source expected';
  const name = result.expectedSourceName ?? 'a deleted source';
  return result.retrievalHit ? `${name} retrieved, rank ${result.expectedSourceRank}` : `${name} not retrieved`;
}

function ResultRow({ result }: { result: EvaluationResult }) {
  const [isOpen, setOpen] = useState(false);
  const answerId = useId();
  const expectation = result.shouldDecline ? 'should decline' : result.expectedAnswer ? `expected: ${result.expectedAnswer}` : null;
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-6" aria-label={result.question}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium break-words">{result.question}</p>
          {expectation && <p className="line-clamp-2 text-xs break-words text-muted-foreground">{expectation}</p>}
        </div>
        <Verdict result={result} />
      </div>
      {result.isEvaluated && (
        <>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Retrieval</dt>
              <dd className="flex items-center gap-1.5">
                <Mark value={result.retrievalHit} label="Right source retrieved" />
                {retrievalText(result)}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Answer</dt>
              <dd>
                {result.answered ? 'answered' : 'declined'}
                {result.answerCoverage !== null && ` · ${formatRatio(result.answerCoverage)} of the expected words`}
              </dd>
            </div>
          </dl>
          <div>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              aria-expanded={isOpen}
              aria-controls={answerId}
              onClick={() => setOpen((open) => !open)}
            >
              <ChevronDownIcon className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
              {isOpen ? 'Hide the answer' : 'Show the answer'}
            </Button>
            <p id={answerId} hidden={!isOpen} className="mt-2 rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-line">
              {result.answer}
            </p>
          </div>
        </>
      )}
    </li>
  );
}

/** Each question of a run: was the right source retrieved (and where), was it answered or declined, was that right. */
export function EvaluationResultList({ results }: { results: EvaluationResult[] }) {
  if (results.length === 0) return <p className="px-4 text-sm text-muted-foreground sm:px-6">This evaluation had no questions to ask.</p>;
  return (
    <ul className="divide-y border-y" aria-label="Results">
      {results.map((result) => (
        <ResultRow key={result.id} result={result} />
      ))}
    </ul>
  );
}
