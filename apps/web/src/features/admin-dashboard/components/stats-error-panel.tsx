import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { AlertCircleIcon, ChevronDownIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';

/** Spec part 1 §2: 'Failed to load statistics' with the message, expandable details and Retry. */
export function StatsErrorPanel({ error, onRetry, isRetrying }: { error: Error; onRetry: () => void; isRetrying: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const details =
    error instanceof ApiError
      ? [
          ['Status', error.status === 0 ? 'no answer (network)' : String(error.status)],
          ['Code', error.code],
          ['Request id', error.requestId ?? '—'],
        ]
      : [['Error', error.name]];

  return (
    <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-5" data-testid="stats-error">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex gap-3">
          <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold text-destructive">{ADMIN_MESSAGES.statsFailedTitle}</p>
            <p className="text-sm text-muted-foreground">{getErrorMessage(error, ADMIN_MESSAGES.statsFailedFallback)}</p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying} className="shrink-0">
          {isRetrying ? <Spinner /> : <RefreshCwIcon />}
          Retry
        </Button>
      </div>
      <Collapsible open={isOpen} onOpenChange={setOpen} className="mt-3 pl-8">
        <CollapsibleTrigger className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground hover:text-foreground">
          <ChevronDownIcon className={cn('size-3.5 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
          {isOpen ? 'Hide details' : 'Show details'}
        </CollapsibleTrigger>
        <CollapsibleContent>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-background/70 p-3 font-mono text-xs">
            {details.map(([label, text]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-all">{text}</dd>
              </div>
            ))}
          </dl>
        </CollapsibleContent>
      </Collapsible>
    </div>
  );
}
