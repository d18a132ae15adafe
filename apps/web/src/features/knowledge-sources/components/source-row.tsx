import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { FileTextIcon, GlobeIcon, RefreshCwIcon, TextIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useReprocessSource } from '../api/reprocess-source';
import { formatBytes, formatCount, isInProgress } from '../utils/source-format';
import { formatBillingRule } from './source-cost';
import { SourceProgress, SourceStatusBadge } from './source-status';

const KIND_ICONS = { file: FileTextIcon, text: TextIcon, url: GlobeIcon } as const;
const KIND_LABELS = { file: 'File', text: 'Pasted text', url: 'Web page' } as const;

/** One source: what it is, how far its processing got, what it yielded, and what can be done with it. */
export function SourceRow({ source, onDelete, canManage = true }: { source: KnowledgeSource; onDelete: () => void; canManage?: boolean }) {
  const reprocess = useReprocessSource();
  const Icon = KIND_ICONS[source.kind];
  const facts = [
    KIND_LABELS[source.kind],
    // A web page has no size until the server has fetched it.
    ...(source.kind === 'url' && source.sizeBytes === 0 ? [] : [formatBytes(source.sizeBytes)]),
    // What the chatbot answers from: the last processed version, kept while a re-process runs or after it failed.
    ...(source.processedAt ? [formatCount(source.chunkCount, 'chunk')] : []),
    // What the meter charged for it: the same figure as its row in the usage ledger.
    ...(source.billingRule ? [formatCount(source.billedTokens, 'token')] : []),
    `Added ${formatDateTime(source.createdAt)}`,
  ];

  return (
    <li className="grid gap-3 px-4 py-4 sm:px-6" aria-label={source.name}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-muted">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 font-medium break-all">{source.name}</p>
            <SourceStatusBadge status={source.status} />
          </div>
          {source.sourceUrl && (
            <a
              href={source.sourceUrl}
              target="_blank"
              rel="noreferrer"
              className="block truncate text-xs text-muted-foreground underline-offset-4 hover:underline"
            >
              {source.sourceUrl}
            </a>
          )}
          <p className="text-xs text-muted-foreground">{facts.join(' · ')}</p>
          {source.billingRule && (
            <p className="text-xs text-muted-foreground" data-testid="source-billing-rule">
              {`Charged ${source.billedTokens.toLocaleString('en-US')} tokens: ${formatBillingRule(source.billingRule)}`}
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex shrink-0 items-center gap-1">
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Re-process ${source.name}`}
                  disabled={reprocess.isPending}
                  onClick={() =>
                    reprocess.mutate(
                      { chatbotId: source.chatbotId, sourceId: source.id },
                      {
                        onSuccess: () => toast.success(`${source.name} is queued for processing again.`),
                        onError: (error) => toast.error(`Could not re-process ${source.name}: ${getErrorMessage(error)}`),
                      },
                    )
                  }
                >
                  <RefreshCwIcon className={reprocess.isPending ? 'animate-spin' : undefined} />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Re-process</TooltipContent>
            </Tooltip>
            <Tooltip>
              <TooltipTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={`Delete ${source.name}`} onClick={onDelete}>
                  <Trash2Icon />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Delete</TooltipContent>
            </Tooltip>
          </div>
        )}
      </div>
      {isInProgress(source) && (
        <div className="space-y-1 sm:pl-11">
          <SourceProgress source={source} />
          {source.processedAt && (
            <p className="text-xs text-muted-foreground">{`The chatbot answers from the version processed ${formatDateTime(source.processedAt)} until this one is ready.`}</p>
          )}
        </div>
      )}
      {source.status === 'failed' && (
        <div className="space-y-1 rounded-md bg-destructive/10 px-3 py-2 text-sm sm:ml-11">
          <p className="text-destructive">{source.error ?? 'Processing failed for an unknown reason.'}</p>
          {source.processedAt && (
            <p className="text-muted-foreground">
              {`The chatbot still answers from the version processed ${formatDateTime(source.processedAt)}. Re-process to try again, or delete the source to stop using it.`}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
