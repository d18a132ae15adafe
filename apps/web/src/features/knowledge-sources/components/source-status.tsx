import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { AlertTriangleIcon, CheckCircle2Icon, ClockIcon, Loader2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../utils/source-format';

const ICONS = { queued: ClockIcon, processing: Loader2Icon, ready: CheckCircle2Icon, failed: AlertTriangleIcon } as const;

export function SourceStatusBadge({ status }: { status: KnowledgeSource['status'] }) {
  const Icon = ICONS[status];
  return (
    <Badge
      variant="outline"
      className={cn(
        status === 'ready' && 'border-success/40 text-success',
        status === 'failed' && 'border-destructive/40 text-destructive',
        (status === 'queued' || status === 'processing') && 'text-muted-foreground',
      )}
    >
      <Icon className={cn(status === 'processing' && 'animate-spin')} aria-hidden="true" />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** The bar and percent of a source that is queued or being processed. */
export function SourceProgress({ source }: { source: KnowledgeSource }) {
  return (
    <div className="flex items-center gap-3">
      <Progress value={source.progress} aria-label={`Processing ${source.name}`} className="flex-1" />
      <span className="w-10 text-right text-xs text-muted-foreground tabular-nums">{source.progress}%</span>
    </div>
  );
}
