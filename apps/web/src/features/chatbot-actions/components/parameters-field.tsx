import { CHATBOT_ACTION_PARAMETERS_MAX } from '@parley/shared/contracts/chatbot-actions';
import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { checkJsonText } from '../utils/action-form';

interface ParametersFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** The arguments' JSON Schema as text, with whether it parses said as it is typed (the server checks it as a schema). */
export function ParametersField({ id, value, onChange, onBlur, error }: ParametersFieldProps) {
  const hintId = `${id}-hint`;
  const check = checkJsonText(value);
  return (
    <Field>
      <Label htmlFor={id}>Parameters (JSON Schema)</Label>
      <Textarea
        id={id}
        rows={8}
        maxLength={CHATBOT_ACTION_PARAMETERS_MAX}
        spellCheck={false}
        className="max-h-80 font-mono text-xs md:text-xs"
        placeholder={'{\n  "type": "object",\n  "properties": { "order_id": { "type": "string" } },\n  "required": ["order_id"]\n}'}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <FieldError id={hintId}>{error}</FieldError>
      ) : check.kind === 'invalid' ? (
        <FieldDescription id={hintId} className="flex items-start gap-1.5 text-amber-700 dark:text-amber-400" aria-live="polite">
          <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>Not valid JSON ({check.detail}).</span>
        </FieldDescription>
      ) : check.kind === 'valid' ? (
        <FieldDescription id={hintId} className="flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400" aria-live="polite">
          <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
          Valid JSON. The model gives arguments of this shape; they are checked against it before each call.
        </FieldDescription>
      ) : (
        <FieldDescription id={hintId}>Empty: the action takes no arguments.</FieldDescription>
      )}
    </Field>
  );
}
