import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/**
 * A react-hook-form field chosen from a fixed list: the Select bound to `name`, each option shown by `optionLabel`.
 * Label it with `id` (a `<Label htmlFor>`) or `labelledBy` (a `<Label id>`).
 */
export function FormSelect<Values extends FieldValues, Option extends string>({
  control,
  name,
  options,
  optionLabel = (option) => option,
  id,
  labelledBy,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  options: readonly Option[];
  optionLabel?: (option: Option) => ReactNode;
  id?: string;
  labelledBy?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <SelectTrigger id={id} className="w-full" aria-labelledby={labelledBy}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {optionLabel(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
