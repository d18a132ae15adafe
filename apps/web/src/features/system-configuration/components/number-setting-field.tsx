import { useEffect, useId, useState, type ReactNode } from 'react';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseIntegerSetting } from '../utils/config-form';

/**
 * A whole-number setting. What is typed stays on screen; the value is the integer read from it, or
 * the default when the input is empty (spec part 2 §5).
 */
export function NumberSettingField({
  label,
  value,
  defaultValue,
  min,
  max,
  unit,
  description,
  error,
  onChange,
}: {
  label: string;
  value: number;
  defaultValue: number;
  min: number;
  max: number;
  unit?: string;
  description?: ReactNode;
  error?: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // Follow the saved value when it changes from outside (a save, a discard, a reload).
  useEffect(() => {
    setText((current) => (parseIntegerSetting(current, defaultValue) === value ? current : String(value)));
  }, [value, defaultValue]);

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
          value={text}
          placeholder={String(defaultValue)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-description`}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseIntegerSetting(event.target.value, defaultValue));
          }}
          className="max-w-40"
        />
        {unit && <span className="text-sm text-muted-foreground">{unit}</span>}
      </div>
      <FieldDescription id={`${id}-description`}>
        {description && <>{description} </>}
        {`Default ${defaultValue}; ${min}–${max}.`}
      </FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}
