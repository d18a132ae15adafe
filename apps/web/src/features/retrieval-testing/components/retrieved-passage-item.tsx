import type { RetrievedPassage } from '@parley/shared/contracts/retrieval-testing';
import { FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Past this many characters or lines the passage is clamped to four lines until "Show more". */
const CLAMP_CHARACTERS = 320;
const CLAMP_LINES = 4;

const isLong = (text: string) => text.length > CLAMP_CHARACTERS || text.split('\n').length > CLAMP_LINES;

/** One retrieved passage: its rank, source and score, and its text (clamped when long). */
export function RetrievedPassageItem({ passage, rank }: { passage: RetrievedPassage; rank: number }) {
  const [isExpanded, setExpanded] = useState(false);
  const textId = useId();
  const canExpand = isLong(passage.content);
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 sm:p-4" aria-label={`${rank}. ${passage.sourceName}`}>
      <div className="flex items-start gap-3">
        <span
          className="flex size-6 shrink-0 items-center justify-center rounded-md bg-primary/10 text-xs font-semibold text-primary tabular-nums"
          aria-label={`Rank ${rank}`}
        >
          {rank}
        </span>
        <span className="flex min-w-0 flex-1 items-center gap-1.5 pt-0.5 text-sm font-medium">
          <FileTextIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{passage.sourceName}</span>
        </span>
        <span className="shrink-0 pt-0.5 font-mono text-xs text-muted-foreground tabular-nums">Score {passage.score.toFixed(3)}</span>
      </div>
      <p id={textId} className={cn('pl-9 text-sm whitespace-pre-line text-muted-foreground', canExpand && !isExpanded && 'line-clamp-4')}>
        {passage.content}
      </p>
      {canExpand && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto justify-self-start p-0 pl-9"
          aria-expanded={isExpanded}
          aria-controls={textId}
          onClick={() => setExpanded((expanded) => !expanded)}
        >
          {isExpanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </li>
  );
}
