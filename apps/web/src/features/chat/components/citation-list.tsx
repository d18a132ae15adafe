import type { Citation } from '@parley/shared/contracts/chat';
import { ChevronDownIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

function CitationItem({ citation, index }: { citation: Citation; index: number }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <li className="rounded-md border bg-background/60">
      <button
        type="button"
        aria-expanded={isOpen}
        className="flex w-full items-start gap-2 rounded-md px-2.5 py-2 text-left text-xs outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        onClick={() => setOpen((open) => !open)}
      >
        <span className="mt-px flex size-4 shrink-0 items-center justify-center rounded bg-muted text-[10px] font-medium text-muted-foreground">
          {citation.number ?? index + 1}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-center gap-1 font-medium">
            <FileTextIcon className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{citation.sourceName}</span>
          </span>
          <span className={cn('text-muted-foreground', isOpen ? 'whitespace-pre-wrap' : 'line-clamp-2')}>{citation.excerpt}</span>
        </span>
        <ChevronDownIcon className={cn('mt-0.5 size-3.5 shrink-0 text-muted-foreground transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The passages an answer came from: source name and excerpt, each expandable to the whole excerpt, numbered as the
 * answer cites them ("[3]" is the passage numbered 3; answers stored before numbers were kept count from 1).
 */
export function CitationList({ citations }: { citations: Citation[] }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-xs font-medium text-muted-foreground">Sources</p>
      <ol className="grid gap-1.5" aria-label="Sources">
        {citations.map((citation, index) => (
          <CitationItem key={citation.chunkId} citation={citation} index={index} />
        ))}
      </ol>
    </div>
  );
}
