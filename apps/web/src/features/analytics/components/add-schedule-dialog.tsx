import {
  ANALYTICS_REPORT_LABELS,
  ANALYTICS_REPORTS,
  type AnalyticsReport,
  createScheduleBodySchema,
  EXPORT_FREQUENCIES,
  type ExportFrequency,
  RECIPIENTS_MAX,
} from '@parley/shared/contracts/analytics';
import { CalendarPlusIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateExportSchedule } from '../api/create-export-schedule';
import { ChatbotPicker } from './chatbot-picker';
import { FREQUENCY_LABELS } from '../utils/export-status';
import { parseRecipients, recipientsError } from '../utils/recipients';
import { FormSelect } from '@/components/form/form-select';

const FREQUENCY_HINTS: Record<ExportFrequency, string> = {
  daily: 'Once a day, covering the day before',
  weekly: 'Once a week, covering the week before',
  monthly: 'Once a month, covering the month before',
};

interface ScheduleForm {
  report: AnalyticsReport;
  frequency: ExportFrequency;
  chatbotId: string | null;
  /** As typed: addresses separated by commas. */
  recipients: string;
}

interface AddScheduleDialogProps {
  timeZone: string;
  /** The signed-in user's address, the usual first recipient. */
  defaultEmail: string;
}

/** "Add schedule": a report e-mailed as CSV to up to ten people every day, week or month. */
export function AddScheduleDialog({ timeZone, defaultEmail }: AddScheduleDialogProps) {
  const [isOpen, setOpen] = useState(false);
  const emptyForm: ScheduleForm = { report: 'daily', frequency: 'weekly', chatbotId: null, recipients: defaultEmail };
  const form = useForm<ScheduleForm>({ defaultValues: emptyForm });
  const { errors } = form.formState;
  const create = useCreateExportSchedule();

  const close = () => {
    setOpen(false);
    form.reset(emptyForm);
    create.reset();
  };

  const onSubmit = form.handleSubmit((values) => {
    // The shared contract has the last word (the recipients field has already checked its part).
    const body = createScheduleBodySchema.safeParse({ ...values, tz: timeZone, recipients: parseRecipients(values.recipients) });
    if (!body.success) {
      form.setError('recipients', { message: body.error.issues[0]?.message ?? 'Check the schedule' });
      return;
    }
    create.mutate(body.data, {
      onSuccess: () => {
        toast.success('Schedule added', { description: `${FREQUENCY_LABELS[values.frequency]} reports will be e-mailed as CSV.` });
        close();
      },
      onError: (error) => toast.error(`Could not add the schedule: ${getErrorMessage(error)}`),
    });
  });

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <PlusIcon />
          Add schedule
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a scheduled export</DialogTitle>
          <DialogDescription>The report is written on schedule and e-mailed as a CSV file. Times follow {timeZone}.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" id="add-schedule-form">
          <Field>
            <Label htmlFor="schedule-report">Report</Label>
            <FormSelect
              control={form.control}
              name="report"
              options={ANALYTICS_REPORTS}
              optionLabel={(option) => ANALYTICS_REPORT_LABELS[option]}
              id="schedule-report"
            />
          </Field>

          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field className="content-start">
              <Label htmlFor="schedule-frequency">Frequency</Label>
              <Controller
                control={form.control}
                name="frequency"
                render={({ field }) => (
                  <>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="schedule-frequency" className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {EXPORT_FREQUENCIES.map((frequency) => (
                          <SelectItem key={frequency} value={frequency}>
                            {FREQUENCY_LABELS[frequency]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FieldDescription>{FREQUENCY_HINTS[field.value]}</FieldDescription>
                  </>
                )}
              />
            </Field>

            <Field className="content-start">
              <Label htmlFor="schedule-chatbot">Chatbot</Label>
              <Controller
                control={form.control}
                name="chatbotId"
                render={({ field }) => <ChatbotPicker id="schedule-chatbot" value={field.value} onChange={field.onChange} className="w-full" />}
              />
            </Field>
          </div>

          <Field>
            <Label htmlFor="schedule-recipients">Recipients</Label>
            <Input
              id="schedule-recipients"
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="you@example.com, colleague@example.com"
              aria-invalid={Boolean(errors.recipients)}
              aria-describedby="schedule-recipients-hint"
              {...form.register('recipients', { validate: (text) => recipientsError(text) ?? true })}
            />
            <FieldDescription id="schedule-recipients-hint">E-mail addresses separated by commas, at most {RECIPIENTS_MAX}.</FieldDescription>
            <FieldError>{errors.recipients?.message}</FieldError>
          </Field>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-schedule-form" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <CalendarPlusIcon />}
            Add schedule
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
