import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACTION_DESCRIPTION_MAX,
  ACTION_NAME_MAX,
  createActionCategoryBodySchema,
  type ActionCategory,
  type ActionIcon,
} from '@parley/shared/contracts/ai-actions';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateActionCategory } from '../api/create-action-category';
import { useUpdateActionCategory } from '../api/update-action-category';
import { IconPicker } from './icon-picker';

interface CategoryFormValues {
  name: string;
  description: string;
  icon: ActionIcon;
  isActive: boolean;
  sortOrder: number;
}

const categoryResolver = zodResolver(createActionCategoryBodySchema) as unknown as Resolver<CategoryFormValues>;

/** Add or edit a category: name (unique), description, icon, position and whether it is offered. */
export function CategoryDialog({ category, nextSortOrder, onClose }: { category: ActionCategory | null; nextSortOrder: number; onClose: () => void }) {
  const form = useForm<CategoryFormValues>({
    resolver: categoryResolver,
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      icon: category?.icon ?? 'Zap',
      isActive: category?.isActive ?? true,
      sortOrder: category?.sortOrder ?? nextSortOrder,
    },
  });
  const create = useCreateActionCategory();
  const update = useUpdateActionCategory();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (category) await update.mutateAsync({ id: category.id, changes: { ...values, expectedUpdatedAt: category.updatedAt } });
      else await create.mutateAsync(values);
      toast.success(category ? 'Category updated' : 'Category created');
      onClose();
    } catch (error) {
      toast.error('Failed to save category', { description: getErrorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{category ? 'Edit category' : 'Add category'}</DialogTitle>
          <DialogDescription>Categories group action templates into the cards at the top of the Action Templates tab.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="category-name">Name</Label>
            <Input id="category-name" maxLength={ACTION_NAME_MAX} aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="category-description">Description</Label>
            <Textarea id="category-description" rows={2} maxLength={ACTION_DESCRIPTION_MAX} {...form.register('description')} />
            <FieldError>{errors.description?.message}</FieldError>
          </Field>
          <Field>
            <Label id="category-icon-label">Icon</Label>
            <Controller
              control={form.control}
              name="icon"
              render={({ field }) => <IconPicker value={field.value} onChange={field.onChange} labelledBy="category-icon-label" />}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="category-sort">Position</Label>
              <Input
                id="category-sort"
                type="number"
                inputMode="numeric"
                min={0}
                max={10000}
                aria-invalid={errors.sortOrder ? true : undefined}
                {...form.register('sortOrder', { valueAsNumber: true })}
              />
              {errors.sortOrder ? <FieldError>{errors.sortOrder.message}</FieldError> : <FieldDescription>Lower numbers come first.</FieldDescription>}
            </Field>
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <label className="flex items-center justify-between gap-3 self-end rounded-lg border p-3 text-sm">
                  <span className="font-medium">Active</span>
                  <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Category active" />
                </label>
              )}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {category ? 'Save category' : 'Add category'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
