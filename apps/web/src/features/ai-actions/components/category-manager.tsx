import type { ActionCategory } from '@parley/shared/contracts/ai-actions';
import { FolderPlusIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { useResourceDialog } from '@/components/resource-manager/use-resource-dialog';
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
  const remove = useDeleteActionCategory();
  const dialog = useResourceDialog<ActionCategory>();
  const editing = dialog.itemFor('edit');
  const deleting = dialog.itemFor('delete');
  const items = categories.data?.items ?? [];
  const nextSortOrder = items.length ? Math.min(10_000, Math.max(...items.map((c) => c.sortOrder)) + 1) : 0;

  return (
    <Card className="gap-4" id="action-categories">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Categories</CardTitle>
          <CardDescription>Inactive categories disappear from the cards and the filter; their actions keep them.</CardDescription>
        </div>
        <Button size="sm" onClick={dialog.openCreate}>
          <FolderPlusIcon />
          Add category
        </Button>
      </CardHeader>
      <CardContent>
        <ResourceStates
          query={categories}
          loading={<LoadingRows label="Loading categories" rows={3} className="h-12" />}
          loadFailedTitle="Categories could not be loaded"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
              No categories yet. Add one to group your actions, for example “Lead capture” or “Notifications”.
            </p>
          }
        >
          {(data) => (
            <ul className="divide-y">
              {data.items.map((category) => (
                <CategoryRow
                  key={category.id}
                  category={category}
                  onEdit={() => dialog.openFor('edit', category)}
                  onDelete={() => dialog.openFor('delete', category)}
                />
              ))}
            </ul>
          )}
        </ResourceStates>
      </CardContent>
      {(dialog.isCreating || editing) && <CategoryDialog category={editing} nextSortOrder={nextSortOrder} onClose={dialog.close} />}
      {deleting && (
        <ResourceDeleteDialog
          title={`Delete the category “${deleting.name}”?`}
          description="Only a category no action uses can be deleted. To hide one that is in use, switch it to inactive."
          confirmLabel="Delete category"
          mutation={remove}
          variables={deleting.id}
          deletedMessage="Category deleted"
          failedMessage="Failed to delete category"
          keepOpenOnError
          onClose={dialog.close}
        />
      )}
    </Card>
  );
}
