import {
  ACTION_CONDITION_MAX,
  ACTION_EVENT_ACTIONS,
  ACTION_EVENT_TYPES,
  ACTION_PAYLOAD_MAPPING_MAX,
  type ActionEventAction,
  type ActionEventType,
} from '@parley/shared/contracts/ai-actions';
import { ACTION_EVENT_PRIORITY_MAX, ACTION_EVENT_PRIORITY_MIN } from '@parley/shared/constants';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { humanize } from '@/lib/format';
import type { EventHandlerDraft, EventHandlerDraftErrors } from '../utils/event-handler-draft';
import { DraftFormFrame, DraftNameField } from './draft-form-frame';
import { JsonHint } from './json-hint';

interface EventHandlerFormProps {
  draft: EventHandlerDraft;
  errors: EventHandlerDraftErrors;
  isNew: boolean;
  onChange: (draft: EventHandlerDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** One event handler (spec §3): what event, under which condition, does what, with which payload, in which order. */
export function EventHandlerForm({ draft, errors, isNew, onChange, onSave, onCancel }: EventHandlerFormProps) {
  const set = <K extends keyof EventHandlerDraft>(key: K, value: EventHandlerDraft[K]) => onChange({ ...draft, [key]: value });
  const id = (name: string) => `handler-${name}`;
  return (
    <DraftFormFrame
      testId="event-handler-form"
      title={isNew ? 'New event handler' : `Edit handler “${draft.name || 'Untitled'}”`}
      formError={errors.form}
      saveLabel={isNew ? 'Add handler' : 'Update handler'}
      onSave={onSave}
      onCancel={onCancel}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DraftNameField id={id('name')} value={draft.name} placeholder="Store e-mail address" error={errors.name} onChange={(value) => set('name', value)} />
        <Field>
          <Label htmlFor={id('event-type')}>Event type</Label>
          <Select value={draft.eventType} onValueChange={(value) => set('eventType', value as ActionEventType)}>
            <SelectTrigger id={id('event-type')} className="w-full" aria-invalid={errors.eventType ? true : undefined}>
              <SelectValue placeholder="Choose an event" />
            </SelectTrigger>
            <SelectContent>
              {ACTION_EVENT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {humanize(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError>{errors.eventType}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('action')}>Action</Label>
          <Select value={draft.action} onValueChange={(value) => set('action', value as ActionEventAction)}>
            <SelectTrigger id={id('action')} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACTION_EVENT_ACTIONS.map((action) => (
                <SelectItem key={action} value={action}>
                  {humanize(action)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field>
          <Label htmlFor={id('priority')}>Priority</Label>
          <Input
            id={id('priority')}
            type="number"
            inputMode="numeric"
            min={ACTION_EVENT_PRIORITY_MIN}
            max={ACTION_EVENT_PRIORITY_MAX}
            value={draft.priority}
            aria-invalid={errors.priority ? true : undefined}
            onChange={(event) => set('priority', event.target.value)}
          />
          {errors.priority ? (
            <FieldError>{errors.priority}</FieldError>
          ) : (
            <FieldDescription>
              {ACTION_EVENT_PRIORITY_MIN}–{ACTION_EVENT_PRIORITY_MAX}; lower runs first.
            </FieldDescription>
          )}
        </Field>
      </div>
      <Field>
        <Label htmlFor={id('condition')}>Condition</Label>
        <Input
          id={id('condition')}
          value={draft.condition}
          maxLength={ACTION_CONDITION_MAX}
          spellCheck={false}
          className="font-mono text-xs md:text-xs"
          placeholder="message.includes('@')"
          aria-invalid={errors.condition ? true : undefined}
          onChange={(event) => set('condition', event.target.value)}
        />
        {errors.condition ? <FieldError>{errors.condition}</FieldError> : <FieldDescription>Optional. An expression; empty means always.</FieldDescription>}
      </Field>
      <Field>
        <Label htmlFor={id('payload')}>Payload mapping</Label>
        <Textarea
          id={id('payload')}
          rows={3}
          maxLength={ACTION_PAYLOAD_MAPPING_MAX}
          spellCheck={false}
          className="font-mono text-xs md:text-xs"
          value={draft.payloadMapping}
          placeholder={'{"email": "{{message}}"}'}
          aria-invalid={errors.payloadMapping ? true : undefined}
          aria-describedby={id('payload-hint')}
          onChange={(event) => set('payloadMapping', event.target.value)}
        />
        {errors.payloadMapping ? (
          <FieldError id={id('payload-hint')}>{errors.payloadMapping}</FieldError>
        ) : (
          <JsonHint id={id('payload-hint')} text={draft.payloadMapping} emptyText="Optional. Usually a JSON object." invalidText="It is kept as text." />
        )}
      </Field>
      <label className="flex items-center justify-between gap-3 rounded-lg border bg-background p-3 text-sm">
        <span className="font-medium">Active</span>
        <Switch checked={draft.isActive} onCheckedChange={(checked) => set('isActive', checked)} aria-label="Handler active" />
      </label>
    </DraftFormFrame>
  );
}
