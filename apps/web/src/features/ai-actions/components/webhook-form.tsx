import { ACTION_URL_MAX, ACTION_WEBHOOK_METHODS, ACTION_WEBHOOK_TRIGGERS, type ActionWebhookMethod } from '@parley/shared/contracts/ai-actions';
import { ACTION_WEBHOOK_RETRIES_MAX, ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS, ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS } from '@parley/shared/constants';
import { SendIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toggleTrigger, type WebhookDraft, type WebhookDraftErrors } from '../utils/webhook-draft';
import { DraftFormFrame, DraftNameField } from './draft-form-frame';

interface WebhookFormProps {
  draft: WebhookDraft;
  errors: WebhookDraftErrors;
  isNew: boolean;
  isTesting: boolean;
  onChange: (draft: WebhookDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onTest: () => void;
}

/** One webhook definition (spec §3): name, endpoint, method, headers, timeout, retries and the events that trigger it. */
export function WebhookForm({ draft, errors, isNew, isTesting, onChange, onSave, onCancel, onTest }: WebhookFormProps) {
  const set = <K extends keyof WebhookDraft>(key: K, value: WebhookDraft[K]) => onChange({ ...draft, [key]: value });
  const id = (name: string) => `webhook-${name}`;
  return (
    <DraftFormFrame
      testId="webhook-form"
      title={isNew ? 'New webhook' : `Edit webhook “${draft.name || 'Untitled'}”`}
      formError={errors.form}
      saveLabel={isNew ? 'Add webhook' : 'Update webhook'}
      leadingAction={
        <Button type="button" variant="outline" className="mr-auto" onClick={onTest} disabled={isTesting || !draft.endpointUrl.trim()}>
          {isTesting ? <Spinner /> : <SendIcon />}
          Test
        </Button>
      }
      onSave={onSave}
      onCancel={onCancel}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DraftNameField id={id('name')} value={draft.name} placeholder="CRM lead" error={errors.name} onChange={(value) => set('name', value)} />
        <Field>
          <Label htmlFor={id('method')}>Method</Label>
          <Select value={draft.method} onValueChange={(value) => set('method', value as ActionWebhookMethod)}>
            <SelectTrigger id={id('method')} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACTION_WEBHOOK_METHODS.map((method) => (
                <SelectItem key={method} value={method}>
                  {method}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>
      <Field>
        <Label htmlFor={id('url')}>Endpoint URL</Label>
        <Input
          id={id('url')}
          type="url"
          inputMode="url"
          value={draft.endpointUrl}
          maxLength={ACTION_URL_MAX}
          placeholder="https://hooks.example.com/parley"
          aria-invalid={errors.endpointUrl ? true : undefined}
          onChange={(event) => set('endpointUrl', event.target.value)}
        />
        <FieldError>{errors.endpointUrl}</FieldError>
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={id('timeout')}>Timeout (seconds)</Label>
          <Input
            id={id('timeout')}
            type="number"
            inputMode="numeric"
            min={ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS}
            max={ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS}
            value={draft.timeoutSeconds}
            aria-invalid={errors.timeoutSeconds ? true : undefined}
            onChange={(event) => set('timeoutSeconds', event.target.value)}
          />
          {errors.timeoutSeconds ? (
            <FieldError>{errors.timeoutSeconds}</FieldError>
          ) : (
            <FieldDescription>
              {ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS}–{ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS} s
            </FieldDescription>
          )}
        </Field>
        <Field>
          <Label htmlFor={id('retries')}>Retries</Label>
          <Input
            id={id('retries')}
            type="number"
            inputMode="numeric"
            min={0}
            max={ACTION_WEBHOOK_RETRIES_MAX}
            value={draft.retryCount}
            aria-invalid={errors.retryCount ? true : undefined}
            onChange={(event) => set('retryCount', event.target.value)}
          />
          {errors.retryCount ? <FieldError>{errors.retryCount}</FieldError> : <FieldDescription>0–{ACTION_WEBHOOK_RETRIES_MAX}</FieldDescription>}
        </Field>
      </div>
      <Field>
        <Label htmlFor={id('headers')}>Headers (JSON)</Label>
        <Textarea
          id={id('headers')}
          rows={3}
          spellCheck={false}
          className="font-mono text-xs md:text-xs"
          value={draft.headersText}
          placeholder={'{"Authorization": "Bearer …"}'}
          aria-invalid={errors.headers ? true : undefined}
          onChange={(event) => set('headersText', event.target.value)}
        />
        {errors.headers ? <FieldError>{errors.headers}</FieldError> : <FieldDescription>Optional. An object of header names to text values.</FieldDescription>}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Event triggers</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ACTION_WEBHOOK_TRIGGERS.map((trigger) => (
            <label key={trigger} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={draft.eventTriggers.includes(trigger)}
                onCheckedChange={() => set('eventTriggers', toggleTrigger(draft.eventTriggers, trigger))}
              />
              <code className="font-mono text-xs">{trigger}</code>
            </label>
          ))}
        </div>
        <FieldError>{errors.eventTriggers}</FieldError>
      </fieldset>
    </DraftFormFrame>
  );
}
