import type { AnalyticsExport } from '@parley/shared/contracts/analytics';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { exportPercent, exportProgressText } from '../utils/export-status';

/** A bar and a line of text for an export being written; the bar pulses while the server does not know the total yet. */
export function ExportProgress({ item, label, className }: { item: AnalyticsExport; label: string; className?: string }) {
  const percent = exportPercent(item);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Progress
        value={percent ?? 100}
        aria-label={label}
        aria-valuetext={percent === null ? 'Starting' : `${percent}%`}
        className={cn(
          'bg-brand/15 *:data-[slot=progress-indicator]:bg-brand',
          percent === null && 'animate-pulse *:data-[slot=progress-indicator]:bg-brand/40',
        )}
      />
      <p className="flex justify-between gap-2 text-xs text-muted-foreground tabular-nums">
        <span>{exportProgressText(item)}</span>
        {percent !== null && <span>{percent}%</span>}
      </p>
    </div>
  );
}
