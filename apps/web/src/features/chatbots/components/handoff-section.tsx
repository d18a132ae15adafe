import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { alertMinutesFromInput, type ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';

export function HandoffSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  const isEnabled = form.watch('handoffEnabled');

  return (
    <FormSection
      id="chatbot-handoff"
      title="Live chat with a person"
      description={
        <>
          Your team answers in the{' '}
          <Link to={paths.inbox} className="font-medium text-foreground underline underline-offset-4 hover:no-underline">
            Inbox
          </Link>
          ; the visitor reads the replies in the same chat window.
        </>
      }
    >
      <Controller
        control={form.control}
        name="handoffEnabled"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Switch
              id="chatbot-handoff-enabled"
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              className="mt-0.5"
              aria-describedby="chatbot-handoff-enabled-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="chatbot-handoff-enabled">Let visitors ask for a person</Label>
              <p id="chatbot-handoff-enabled-hint" className="text-sm text-muted-foreground">
                Visitors can ask for a person: with a button in the widget, by asking for one, or when the bot has no answer.
              </p>
            </div>
          </div>
        )}
      />
      <Field className="content-start">
        <Label htmlFor="chatbot-handoff-alert">E-mail the owners when a visitor waits longer than</Label>
        <Controller
          control={form.control}
          name="handoffAlertMinutes"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Input
                id="chatbot-handoff-alert"
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                step={1}
                placeholder="Never"
                className="w-28"
                disabled={!isEnabled}
                aria-invalid={errors.handoffAlertMinutes ? true : undefined}
                aria-describedby="chatbot-handoff-alert-hint"
                value={field.value === null || Number.isNaN(field.value) ? '' : field.value}
                onChange={(event) => field.onChange(alertMinutesFromInput(event.target.value))}
                onBlur={field.onBlur}
              />
              <span className="text-sm text-muted-foreground">minutes</span>
            </div>
          )}
        />
        {errors.handoffAlertMinutes ? (
          <FieldError id="chatbot-handoff-alert-hint">Choose a whole number of minutes from 1 to 1440, or leave it empty.</FieldError>
        ) : (
          <FieldDescription id="chatbot-handoff-alert-hint">From 1 to 1440 minutes (a day). Leave it empty to never send one.</FieldDescription>
        )}
      </Field>
    </FormSection>
  );
}
