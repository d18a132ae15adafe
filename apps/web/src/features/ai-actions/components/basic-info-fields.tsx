import { ACTION_DESCRIPTION_MAX, ACTION_NAME_MAX, ACTION_TYPES, type ActionCategory, type ActionType } from '@parley/shared/contracts/ai-actions';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ACTION_TYPE_LABELS, type TemplateFormValues } from '../utils/template-form-values';
import { IconPicker } from './icon-picker';

const NO_CATEGORY = 'none';

/** Basic Info tab: name, description, action type, category, icon, featured and active. */
export function BasicInfoFields({ form, categories }: { form: UseFormReturn<TemplateFormValues>; categories: ActionCategory[] }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <Field>
        <Label htmlFor="action-name">Name</Label>
        <Input
          id="action-name"
          maxLength={ACTION_NAME_MAX}
          placeholder="Send lead to CRM"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'action-name-error' : undefined}
          {...form.register('name')}
        />
        <FieldError id="action-name-error">{errors.name?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="action-description">Description</Label>
        <Textarea
          id="action-description"
          rows={2}
          maxLength={ACTION_DESCRIPTION_MAX}
          placeholder="What the action does, for the people choosing it."
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="action-description-hint"
          {...form.register('description')}
        />
        {errors.description ? (
          <FieldError id="action-description-hint">{errors.description.message}</FieldError>
        ) : (
          <FieldDescription id="action-description-hint">Optional. Up to {ACTION_DESCRIPTION_MAX} characters.</FieldDescription>
        )}
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field>
          <Label htmlFor="action-type">Action type</Label>
          <Controller
            control={form.control}
            name="actionType"
            render={({ field }) => (
              <Select value={field.value} onValueChange={(value) => field.onChange(value as ActionType)}>
                <SelectTrigger id="action-type" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ACTION_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {ACTION_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field>
          <Label htmlFor="action-category">Category</Label>
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <Select value={field.value ?? NO_CATEGORY} onValueChange={(value) => field.onChange(value === NO_CATEGORY ? null : value)}>
                <SelectTrigger id="action-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                  {categories.map((category) => (
                    <SelectItem key={category.id} value={category.id}>
                      {category.name}
                      {!category.isActive && ' (inactive)'}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Field>
        <Label id="action-icon-label">Icon</Label>
        <Controller
          control={form.control}
          name="icon"
          render={({ field }) => <IconPicker value={field.value} onChange={field.onChange} labelledBy="action-icon-label" />}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="isFeatured"
          render={({ field }) => (
            <label className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-medium">Featured</span>
                <span className="text-xs text-muted-foreground">Shown with a Featured badge.</span>
              </span>
              <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Featured" />
            </label>
          )}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <label className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-medium">Active</span>
                <span className="text-xs text-muted-foreground">Inactive actions are kept but not offered.</span>
              </span>
              <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Active" />
            </label>
          )}
        />
      </div>
    </div>
  );
}
