import { ACTION_NAME_MAX } from '@parley/shared/contracts/ai-actions';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The frame of an inline editor of one of an action template's parts (an event handler, a webhook): its title, the
 * error that concerns the whole draft, the fields, and Cancel / save at the bottom (`leadingAction` sits at the left).
 */
export function DraftFormFrame({
  testId,
  title,
  formError,
  saveLabel,
  leadingAction,
  onSave,
  onCancel,
  children,
}: {
  testId: string;
  title: string;
  formError?: string;
  saveLabel: string;
  leadingAction?: ReactNode;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-4" data-testid={testId}>
      <p className="text-sm font-medium">{title}</p>
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      {children}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {leadingAction}
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" onClick={onSave}>
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}

/** The draft's Name field. */
export function DraftNameField({
  id,
  value,
  placeholder,
  error,
  onChange,
}: {
  id: string;
  value: string;
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field>
      <Label htmlFor={id}>Name</Label>
      <Input
        id={id}
        value={value}
        maxLength={ACTION_NAME_MAX}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError>{error}</FieldError>
    </Field>
  );
}
