import type { ExportSchedule } from '@parley/shared/contracts/analytics';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useDeleteExportSchedule } from '../api/delete-export-schedule';
import { useExportSchedules } from '../api/get-export-schedules';
import { useUpdateExportSchedule } from '../api/update-export-schedule';
import { FREQUENCY_LABELS, REPORT_SHORT_LABELS } from '../utils/export-status';
import { AddScheduleDialog } from './add-schedule-dialog';

function DeleteScheduleButton({ schedule }: { schedule: ExportSchedule }) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteExportSchedule();
  const name = `${REPORT_SHORT_LABELS[schedule.report]}, ${FREQUENCY_LABELS[schedule.frequency].toLowerCase()}`;
  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-destructive" aria-label={`Delete schedule: ${name}`}>
          <Trash2Icon />
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title="Delete this schedule?"
        description={`“${name}” will no longer be e-mailed to ${schedule.recipients.join(', ')}. Exports it already made stay in the list.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(schedule.id, {
            onSuccess: () => {
              toast.success('Schedule deleted');
              setOpen(false);
            },
            onError: (error) => toast.error(`Could not delete the schedule: ${getErrorMessage(error)}`),
          })
        }
      />
    </AlertDialog>
  );
}

function ScheduleRow({ schedule }: { schedule: ExportSchedule }) {
  const update = useUpdateExportSchedule();
  // Shown at once; the list's refetch confirms it (or the toast explains and the switch flips back).
  const isActive = update.isPending && update.variables ? update.variables.isActive : schedule.isActive;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="schedule-row">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {REPORT_SHORT_LABELS[schedule.report]}
          <Badge variant="secondary">{FREQUENCY_LABELS[schedule.frequency]}</Badge>
          {!isActive && <Badge variant="outline">Paused</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">{schedule.chatbotId === null ? 'All chatbots' : (schedule.chatbotName ?? 'A deleted chatbot')}</p>
        <p className="truncate text-xs text-muted-foreground" title={schedule.recipients.join(', ')}>
          To {schedule.recipients.join(', ')}
        </p>
        <p className="text-xs text-muted-foreground">{isActive ? `Next run ${formatDateTime(schedule.nextRunAt)}` : 'Paused: no reports are sent'}</p>
      </div>
      <div className="flex items-center gap-1">
        <Switch
          checked={isActive}
          disabled={update.isPending}
          aria-label={isActive ? 'Pause this schedule' : 'Resume this schedule'}
          onCheckedChange={(checked) =>
            update.mutate(
              { id: schedule.id, isActive: checked },
              { onError: (error) => toast.error(`Could not ${checked ? 'resume' : 'pause'} the schedule: ${getErrorMessage(error)}`) },
            )
          }
        />
        <DeleteScheduleButton schedule={schedule} />
      </div>
    </li>
  );
}

interface ExportSchedulesCardProps {
  timeZone: string;
  defaultEmail: string;
}

/** Reports e-mailed on a schedule: the list (pause, resume, delete) and "Add schedule". */
export function ExportSchedulesCard({ timeZone, defaultEmail }: ExportSchedulesCardProps) {
  const query = useExportSchedules();
  return (
    <Card className="min-w-0 gap-4" data-testid="export-schedules">
      <CardHeader>
        <CardTitle>Scheduled exports</CardTitle>
        <CardDescription>Reports e-mailed as CSV every day, week or month.</CardDescription>
        <CardAction>
          <AddScheduleDialog timeZone={timeZone} defaultEmail={defaultEmail} />
        </CardAction>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading scheduled exports" rows={2} className="h-14" containerClassName="gap-3" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Schedules could not be loaded" />
        ) : query.data.length === 0 ? (
          <p className="rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">
            No scheduled exports. Add one to get reports by e-mail.
          </p>
        ) : (
          <ul className="grid grid-cols-1 divide-y">
            {query.data.map((schedule) => (
              <ScheduleRow key={schedule.id} schedule={schedule} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
