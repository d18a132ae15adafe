import type { ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { AI_ACTION_MESSAGES } from '@parley/shared/contracts/ai-actions';
import { MoreHorizontalIcon, Settings2Icon, StarIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useUpdateActionTemplate } from '../api/update-action-template';
import { ACTION_TYPE_LABELS } from '../utils/template-form-values';
import { ActionIconTile } from './action-icon';

interface ActionTemplateCardProps {
  template: ActionTemplate;
  categoryName: string | null;
  onConfigure: () => void;
  onDelete: () => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Spec §2: a template card with its featured badge, an active switch that saves at once, and Configure. */
export function ActionTemplateCard({ template, categoryName, onConfigure, onDelete }: ActionTemplateCardProps) {
  const update = useUpdateActionTemplate();
  // While the change is on its way the switch shows where it is going.
  const isActive = update.isPending && update.variables.changes.isActive !== undefined ? update.variables.changes.isActive : template.isActive;

  const toggleActive = (checked: boolean) =>
    update.mutate(
      { id: template.id, changes: { isActive: checked } },
      {
        onSuccess: () => toast.success(`“${template.name}” is now ${checked ? 'active' : 'inactive'}`),
        onError: (error) => toast.error(AI_ACTION_MESSAGES.saveFailed, { description: getErrorMessage(error) }),
      },
    );

  return (
    <Card className={cn('gap-3 py-4', !template.isActive && 'bg-muted/40')} data-testid="action-template-card">
      <CardHeader className="flex flex-row items-start gap-3 px-4">
        <ActionIconTile icon={template.icon} className={cn(!template.isActive && 'opacity-60')} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="leading-snug font-semibold break-words">{template.name}</h3>
          <div className="flex flex-wrap items-center gap-1.5">
            {template.isFeatured && (
              <Badge className="bg-amber-500/15 text-amber-700 dark:text-amber-300">
                <StarIcon aria-hidden="true" />
                Featured
              </Badge>
            )}
            <Badge variant="secondary">{ACTION_TYPE_LABELS[template.actionType]}</Badge>
            {categoryName && <Badge variant="outline">{categoryName}</Badge>}
            {!template.isActive && <Badge variant="outline">Inactive</Badge>}
          </div>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="-mt-1 -mr-2 size-8" aria-label={`More actions for ${template.name}`}>
              <MoreHorizontalIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2Icon />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2 px-4">
        <p className={cn('line-clamp-3 text-sm', template.description ? 'text-muted-foreground' : 'text-muted-foreground/70 italic')}>
          {template.description || 'No description'}
        </p>
        <p className="mt-auto text-xs text-muted-foreground">
          {plural(template.webhooks.length, 'webhook', 'webhooks')} · {plural(template.eventHandlers.length, 'event handler', 'event handlers')}
        </p>
      </CardContent>
      <CardFooter className="flex items-center justify-between gap-2 px-4">
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={isActive} onCheckedChange={toggleActive} disabled={update.isPending} aria-label={`Active: ${template.name}`} />
          <span className="text-muted-foreground">{isActive ? 'Active' : 'Inactive'}</span>
        </label>
        <Button variant="outline" size="sm" onClick={onConfigure}>
          <Settings2Icon />
          Configure
        </Button>
      </CardFooter>
    </Card>
  );
}
