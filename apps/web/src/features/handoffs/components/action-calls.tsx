import type { MessageActionCall } from '@parley/shared/contracts/chatbot-actions';
import { CheckCircle2Icon, ChevronRightIcon, XCircleIcon, ZapIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { formatLatency } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The arguments as sent to the record (secret-looking values already masked by the server). */
function argumentsText(value: unknown): string {
  if (value === null || value === undefined) return '{}';
  return JSON.stringify(value, null, 2);
}

function ActionCall({ call }: { call: MessageActionCall }) {
  const hasFailed = call.error !== null;
  const Icon = hasFailed ? XCircleIcon : CheckCircle2Icon;
  const status = call.httpStatus !== null ? `HTTP ${call.httpStatus}` : null;
  return (
    <Collapsible className="w-full min-w-0 rounded-lg border bg-background text-xs" data-testid="action-call">
      <CollapsibleTrigger className="group flex w-full min-w-0 items-center gap-1.5 px-2.5 py-1.5 text-left font-medium text-muted-foreground hover:text-foreground">
        <ChevronRightIcon className="size-3.5 shrink-0 transition-transform group-data-[state=open]:rotate-90" aria-hidden="true" />
        <ZapIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate">
          Called <span className="font-mono text-foreground">{call.actionName}</span>
        </span>
        <span className={cn('ml-auto inline-flex shrink-0 items-center gap-1', hasFailed ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')}>
          <Icon className="size-3.5" aria-hidden="true" />
          {hasFailed ? 'failed' : 'done'}
          {status && ` · ${status}`} · {formatLatency(call.durationMs)}
        </span>
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-2 border-t px-2.5 py-2">
        <dl className="grid gap-2">
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Arguments</dt>
            <dd>
              <pre className="max-h-40 overflow-auto rounded bg-muted p-2 font-mono break-words whitespace-pre-wrap">{argumentsText(call.arguments)}</pre>
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">{hasFailed ? 'Error' : 'Result'}</dt>
            <dd>
              {hasFailed ? (
                <p className="text-destructive">{call.error}</p>
              ) : (
                <pre className="max-h-40 overflow-auto rounded bg-muted p-2 font-mono break-words whitespace-pre-wrap">{call.resultExcerpt || '(empty)'}</pre>
              )}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
            <div className="flex gap-1">
              <dt>HTTP status</dt>
              <dd className="text-foreground tabular-nums">{call.httpStatus ?? '—'}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Duration</dt>
              <dd className="text-foreground tabular-nums">{formatLatency(call.durationMs)}</dd>
            </div>
          </div>
        </dl>
      </CollapsibleContent>
    </Collapsible>
  );
}

/** The actions the bot called for one answer, oldest first, each collapsed to one line until opened. */
export function ActionCalls({ calls }: { calls: readonly MessageActionCall[] }) {
  if (calls.length === 0) return null;
  return (
    <ul className="grid w-full gap-1" aria-label={`Actions called for this answer (${calls.length})`}>
      {calls.map((call) => (
        <li key={call.id} className="min-w-0">
          <ActionCall call={call} />
        </li>
      ))}
    </ul>
  );
}
