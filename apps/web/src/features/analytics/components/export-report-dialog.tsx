import { ANALYTICS_REPORT_LABELS, ANALYTICS_REPORTS, type AnalyticsReport, createExportBodySchema } from '@parley/shared/contracts/analytics';
import { AlertCircleIcon, CheckCircle2Icon, DownloadIcon, FileSpreadsheetIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateExport } from '../api/create-export';
import type { AnalyticsParams } from '../api/get-analytics-summary';
import { exportDownloadUrl, useExport } from '../api/get-export';
import { exportProgressText } from '../utils/export-status';
import { formatPeriod } from '../utils/period';
import { ExportProgress } from './export-progress';

interface ExportReportDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The period and chatbot on screen: the report covers exactly what the dashboard shows. */
  params: AnalyticsParams;
  chatbotName: string | null;
}

/** "Export report": pick a report, start it, watch its progress, download the CSV. */
export function ExportReportDialog({ isOpen, onOpenChange, params, chatbotName }: ExportReportDialogProps) {
  const [report, setReport] = useState<AnalyticsReport>('daily');
  const [exportId, setExportId] = useState<string | null>(null);
  const create = useCreateExport();
  const current = useExport(exportId);
  const item = current.data;

  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      // The export goes on in the background; it stays in "Recent exports".
      setExportId(null);
      create.reset();
    }
  };

  const start = () => {
    const body = createExportBodySchema.safeParse({ ...params, report });
    if (!body.success) {
      toast.error(body.error.issues[0]?.message ?? 'This period cannot be exported.');
      return;
    }
    create.mutate(
      { ...params, report },
      {
        onSuccess: (created) => setExportId(created.id),
        onError: (error) => toast.error(`Could not start the export: ${getErrorMessage(error)}`),
      },
    );
  };

  const startAnother = () => {
    setExportId(null);
    create.reset();
  };

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg" data-testid="export-dialog">
        <DialogHeader>
          <DialogTitle>Export report</DialogTitle>
          <DialogDescription>
            A CSV file of {formatPeriod(params.from, params.to)} ({params.tz}) for {chatbotName ?? 'all chatbots'}.
          </DialogDescription>
        </DialogHeader>

        {exportId === null ? (
          <RadioGroup value={report} onValueChange={(value) => setReport(value as AnalyticsReport)} aria-label="Report" className="gap-2">
            {ANALYTICS_REPORTS.map((value) => (
              <Label
                key={value}
                htmlFor={`export-report-${value}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-brand/60 has-[[data-state=checked]]:bg-brand/5"
              >
                <RadioGroupItem id={`export-report-${value}`} value={value} className="mt-0.5" />
                <span className="text-sm font-medium">{ANALYTICS_REPORT_LABELS[value]}</span>
              </Label>
            ))}
          </RadioGroup>
        ) : !item ? (
          current.isError ? (
            <Alert variant="destructive">
              <AlertCircleIcon />
              <AlertTitle>Could not follow the export</AlertTitle>
              <AlertDescription>{getErrorMessage(current.error)} It is still listed under Recent exports.</AlertDescription>
            </Alert>
          ) : (
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Starting…
            </div>
          )
        ) : item.status === 'done' ? (
          <div className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/5 p-4" role="status">
            <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <div className="grid min-w-0 gap-0.5">
              <p className="text-sm font-medium">Your report is ready</p>
              <p className="truncate text-xs text-muted-foreground" title={item.fileName}>
                {item.fileName} · {exportProgressText(item)}
              </p>
            </div>
          </div>
        ) : item.status === 'failed' ? (
          <Alert variant="destructive">
            <AlertCircleIcon />
            <AlertTitle>The export failed</AlertTitle>
            <AlertDescription>{exportProgressText(item)}</AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-2 rounded-lg border p-4" role="status" aria-live="polite">
            <p className="flex items-center gap-2 text-sm font-medium">
              <FileSpreadsheetIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              {item.status === 'queued' ? 'Queued' : 'Writing your report'}
            </p>
            <ExportProgress item={item} label="Export progress" />
            <p className="text-xs text-muted-foreground">You can close this window; the file will wait under Recent exports.</p>
          </div>
        )}

        <DialogFooter>
          {exportId === null ? (
            <>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="button" onClick={start} disabled={create.isPending}>
                {create.isPending ? <Spinner /> : <FileSpreadsheetIcon />}
                Start export
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={startAnother}>
                {item?.status === 'failed' ? <RotateCwIcon /> : null}
                {item?.status === 'failed' ? 'Try again' : 'Export another'}
              </Button>
              {item?.status === 'done' ? (
                <Button asChild>
                  <a href={exportDownloadUrl(item.id)} download={item.fileName}>
                    <DownloadIcon />
                    Download CSV
                  </a>
                </Button>
              ) : (
                <Button type="button" variant="secondary" onClick={() => close(false)}>
                  Close
                </Button>
              )}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
