import { ACTIVITY_EXPORT_MAX_ROWS } from '@parley/shared/contracts/activity-logs';
import { AlertCircleIcon, CheckCircle2Icon, DownloadIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { ActivityExportState } from '../api/export-activity-logs';
import { exportPercent } from '../utils/activity-filters';

interface ActivityExportProps {
  state: ActivityExportState;
  /** How many entries the filters match now (the export holds as many). */
  matching: number | undefined;
  isDisabled: boolean;
  onStart: () => void;
  onCancel: () => void;
}

/** "Export CSV" for the entries the filters match, then a bar and a line of text while the file arrives, as the analytics export shows. */
export function ActivityExport({ state, matching, isDisabled, onStart, onCancel }: ActivityExportProps) {
  const tooMany = matching !== undefined && matching > ACTIVITY_EXPORT_MAX_ROWS;
  if (state.status === 'running') {
    const percent = exportPercent(state.rows, state.total);
    return (
      <div className="grid w-full gap-1.5 sm:w-72" data-testid="activity-export-progress">
        <Progress
          value={percent ?? 100}
          aria-label="Export progress"
          aria-valuetext={percent === null ? 'Starting' : `${percent}%`}
          className={cn(
            'bg-brand/15 *:data-[slot=progress-indicator]:bg-brand',
            percent === null && 'animate-pulse *:data-[slot=progress-indicator]:bg-brand/40',
          )}
        />
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground tabular-nums">
          <span>{state.total === null ? `${formatNumber(state.rows)} rows so far…` : `${formatNumber(state.rows)} of ${formatNumber(state.total)} rows`}</span>
          <Button variant="ghost" size="sm" className="h-6 px-2" onClick={onCancel}>
            <XIcon />
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <Button
        variant="outline"
        size="sm"
        onClick={onStart}
        disabled={isDisabled || tooMany || matching === 0}
        title={tooMany ? `At most ${formatNumber(ACTIVITY_EXPORT_MAX_ROWS)} entries can be exported at once: narrow the dates.` : undefined}
      >
        <DownloadIcon />
        Export CSV
      </Button>
      {state.status === 'done' && (
        <p className="flex items-center gap-1 text-xs text-muted-foreground" role="status">
          <CheckCircle2Icon className="size-3.5 text-success" aria-hidden="true" />
          {`Exported ${formatNumber(state.rows)} ${state.rows === 1 ? 'entry' : 'entries'} to ${state.fileName}`}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="flex items-center gap-1 text-xs text-destructive" role="alert">
          <AlertCircleIcon className="size-3.5" aria-hidden="true" />
          {`The export failed: ${state.message}`}
        </p>
      )}
      {tooMany && <p className="text-xs text-muted-foreground">{`At most ${formatNumber(ACTIVITY_EXPORT_MAX_ROWS)} entries at once: narrow the dates.`}</p>}
    </div>
  );
}
