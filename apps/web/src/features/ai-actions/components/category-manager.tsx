import type { ActionCategory } from '@parley/shared/contracts/ai-actions';
import { FolderPlusIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteActionCategory } from '../api/delete-action-category';
import { useActionCategories } from '../api/get-action-categories';
import { useUpdateActionCategory } from '../api/update-action-category';
import { ActionIconTile } from './action-icon';
import { CategoryDialog } from './category-dialog';

function DeleteCategoryDialog({ category, onClose }: { category: ActionCategory; onClose: () => void }) {
  const remove = useDeleteActionCategory();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <ConfirmDialogContent
        title={`Delete the category “${category.name}”?`}
        description="Only a category no action uses can be deleted. To hide one that is in use, switch it to inactive."
        confirmLabel="Delete category"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(category.id, {
            onSuccess: () => {
              toast.success('Category deleted');
              onClose();
            },
            onError: (error) => toast.error('Failed to delete category', { description: getErrorMessage(error) }),
          })
        }
      />
    </AlertDialog>
  );
}

function CategoryRow({ category, onEdit, onDelete }: { category: ActionCategory; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateActionCategory();
  const isActive = update.isPending && update.variables.changes.isActive !== undefined ? update.variables.changes.isActive : category.isActive;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <ActionIconTile icon={category.icon} className={isActive ? undefined : 'opacity-60'} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{category.name}</span>
          {!isActive && <Badge variant="outline">Inactive</Badge>}
        </div>
        <span className="text-xs text-muted-foreground">
          Position {category.sortOrder} · {category.templateCount} {category.templateCount === 1 ? 'action' : 'actions'}
          {category.description && ` · ${category.description}`}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <Switch
          checked={isActive}
          disabled={update.isPending}
          aria-label={`Category ${category.name} active`}
          className="mr-1"
          onCheckedChange={(checked) =>
            update.mutate(
              { id: category.id, changes: { isActive: checked } },
              { onError: (error) => toast.error('Failed to save category', { description: getErrorMessage(error) }) },
            )
          }
        />
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit category ${category.name}`}>
          <PencilIcon />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={onDelete}
          disabled={category.templateCount > 0}
          aria-label={`Delete category ${category.name}`}
          title={category.templateCount > 0 ? 'Used by actions: deactivate it instead' : undefined}
        >
          <Trash2Icon />
        </Button>
      </div>
    </li>
  );
}

/** Settings tab: the categories, active and inactive, in their order; add, edit, switch off, delete when unused. */
export function CategoryManager() {
  const categories = useActionCategories({ includeInactive: true });
  const [editing, setEditing] = useState<ActionCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ActionCategory | null>(null);
  const items = categories.data?.items ?? [];
  const nextSortOrder = items.length ? Math.min(10_000, Math.max(...items.map((c) => c.sortOrder)) + 1) : 0;

  return (
    <Card className="gap-4" id="action-categories">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Categories</CardTitle>
          <CardDescription>Inactive categories disappear from the cards and the filter; their actions keep them.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing('new')}>
          <FolderPlusIcon />
          Add category
        </Button>
      </CardHeader>
      <CardContent>
        {categories.isPending ? (
          <LoadingRows label="Loading categories" rows={3} className="h-12" />
        ) : categories.isError ? (
          <LoadErrorAlert query={categories} title="Categories could not be loaded" />
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No categories yet. Add one to group your actions, for example “Lead capture” or “Notifications”.
          </p>
        ) : (
          <ul className="divide-y">
            {items.map((category) => (
              <CategoryRow key={category.id} category={category} onEdit={() => setEditing(category)} onDelete={() => setDeleting(category)} />
            ))}
          </ul>
        )}
      </CardContent>
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} nextSortOrder={nextSortOrder} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
