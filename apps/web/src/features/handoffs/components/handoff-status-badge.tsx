import type { HandoffSummary } from '@parley/shared/contracts/handoffs';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { handoffStatusLabel, type HandoffTone } from '../utils/handoff-display';

const TONE_CLASS: Record<HandoffTone, string> = {
  waiting: 'border-amber-500/30 bg-amber-500/15 text-amber-700 dark:text-amber-300',
  active: 'border-success/30 bg-success/10 text-success',
  closed: 'text-muted-foreground',
};

const DOT_CLASS: Record<HandoffTone, string> = {
  waiting: 'bg-amber-500 animate-pulse',
  active: 'bg-success',
  closed: 'bg-muted-foreground/60',
};

/** Waiting (amber, with how long), Active (with who answers), or how it was closed. */
export function HandoffStatusBadge({ handoff, now, className }: { handoff: HandoffSummary; now: number; className?: string }) {
  const status = handoffStatusLabel(handoff, now);
  return (
    <Badge variant="outline" className={cn('max-w-full', TONE_CLASS[status.tone], className)} title={status.description}>
      <span className={cn('size-1.5 shrink-0 rounded-full', DOT_CLASS[status.tone])} aria-hidden="true" />
      <span className="truncate">{status.label}</span>
    </Badge>
  );
}
