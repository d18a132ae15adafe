import type { N8nAdvancedSettingsBody } from '@parley/shared/contracts/n8n';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

export type SettingsForm = N8nAdvancedSettingsBody;
type BooleanField = { [K in keyof SettingsForm]: SettingsForm[K] extends boolean ? K : never }[keyof SettingsForm];
type NumberField = { [K in keyof SettingsForm]: SettingsForm[K] extends number ? K : never }[keyof SettingsForm];

export interface SettingsFormProps {
  control: Control<SettingsForm>;
  register: UseFormRegister<SettingsForm>;
  errors: FieldErrors<SettingsForm>;
}

/** An on/off setting with what it does. */
export function SwitchSetting({
  control,
  name,
  label,
  description,
}: {
  control: Control<SettingsForm>;
  name: BooleanField;
  label: string;
  description: ReactNode;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} aria-describedby={`${id}-description`} className="mt-0.5" />
        </div>
      )}
    />
  );
}

/** A whole-number setting within the spec's bounds (§5), as the input's min and max. */
export function NumberSetting({
  register,
  errors,
  name,
  label,
  min,
  max,
  unit,
  description,
}: Omit<SettingsFormProps, 'control'> & { name: NumberField; label: string; min: number; max: number; unit?: string; description?: ReactNode }) {
  const id = useId();
  const error = errors[name]?.message;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          className="max-w-36"
          aria-invalid={error ? true : undefined}
          {...register(name, { valueAsNumber: true })}
        />
        {unit && <span className="text-sm text-muted-foreground">{unit}</span>}
      </div>
      {error ? <FieldError>{error}</FieldError> : description && <FieldDescription>{description}</FieldDescription>}
    </Field>
  );
}
