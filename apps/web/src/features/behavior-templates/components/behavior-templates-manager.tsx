import { BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES, type BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { EyeIcon, MessageSquareTextIcon, PencilIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceCreateButton } from '@/components/resource-manager/resource-buttons';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { useResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useBehaviorTemplates } from '../api/get-behavior-templates';
import { useSetDefaultBehaviorTemplate } from '../api/set-default-behavior-template';
import { BehaviorTemplateBadges } from './behavior-template-badges';
import { BehaviorTemplateDialog } from './behavior-template-dialog';
import { DeleteBehaviorTemplateDialog } from './delete-behavior-template-dialog';
import { PromptPreviewDialog } from './prompt-preview-dialog';

interface CardProps {
  template: BehaviorTemplate;
  isSettingDefault: boolean;
  isBusy: boolean;
  onPreview: () => void;
  onSetDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function BehaviorTemplateCard({ template, isSettingDefault, isBusy, onPreview, onSetDefault, onEdit, onDelete }: CardProps) {
  return (
    <li>
      <Card className="h-full gap-4" data-testid="behavior-template-card" aria-label={template.name}>
        <CardHeader className="gap-2">
          <CardTitle className="flex flex-wrap items-center gap-2 leading-snug">
            <span className="min-w-0 break-words">{template.name}</span>
            <BehaviorTemplateBadges template={template} />
          </CardTitle>
          <CardDescription className="line-clamp-2">{template.description || 'No description.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="line-clamp-3 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-muted-foreground">
            {template.systemPrompt}
          </p>
        </CardContent>
        <CardFooter className="mt-auto flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <EyeIcon />
            Preview
          </Button>
          {/* Spec §4: the default's set-default button is hidden; an inactive template cannot become the default. */}
          {!template.isDefault && template.isActive && (
            <Button variant="outline" size="sm" onClick={onSetDefault} disabled={isBusy}>
              {isSettingDefault ? <Spinner /> : <StarIcon />}
              Set as default
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onEdit}>
            <PencilIcon />
            Edit
          </Button>
          {template.isDefault ? (
            <Tooltip>
              <TooltipTrigger asChild>
                {/* A disabled button gets no pointer events; the wrapper keeps the reason reachable. */}
                <span tabIndex={0} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                  <Button variant="outline" size="sm" disabled aria-label={`Delete ${template.name} (the default cannot be deleted)`}>
                    <Trash2Icon />
                    Delete
                  </Button>
                </span>
              </TooltipTrigger>
              <TooltipContent>The default template cannot be deleted.</TooltipContent>
            </Tooltip>
          ) : (
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete}>
              <Trash2Icon />
              Delete
            </Button>
          )}
          <span className="ml-auto text-xs text-muted-foreground">Updated {formatDate(template.updatedAt)}</span>
        </CardFooter>
      </Card>
    </li>
  );
}

/** Spec part 2 §2 "Behavior Template Management": cards with badges, preview, set as default, edit, delete. */
export function BehaviorTemplatesManager({ isCreating, onCreatingChange }: { isCreating: boolean; onCreatingChange: (open: boolean) => void }) {
  const query = useBehaviorTemplates();
  const setDefault = useSetDefaultBehaviorTemplate();
  const dialog = useResourceDialog<BehaviorTemplate, 'edit' | 'preview' | 'delete'>();
  const editing = dialog.itemFor('edit');
  const previewing = dialog.itemFor('preview');
  const deleting = dialog.itemFor('delete');

  const makeDefault = (template: BehaviorTemplate) =>
    setDefault.mutate(template.id, {
      onSuccess: (saved) => toast.success(MESSAGES.nowDefault(saved.name)),
      onError: (error) => toast.error(MESSAGES.setDefaultFailed, { description: getErrorMessage(error) }),
    });

  return (
    <>
      <ResourceStates
        query={query}
        loading={<LoadingRows label="Loading behavior templates" rows={4} className="h-56 rounded-xl" containerClassName="gap-4 lg:grid-cols-2" />}
        loadFailedTitle={MESSAGES.loadFailed}
        loadFailedToastId="behavior-templates-load"
        empty={
          <EmptyState
            icon={MessageSquareTextIcon}
            title="No behavior templates"
            description={MESSAGES.empty}
            action={<ResourceCreateButton label="New template" onClick={() => onCreatingChange(true)} />}
          />
        }
      >
        {(templates) => (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Behavior templates">
            {templates.map((template) => (
              <BehaviorTemplateCard
                key={template.id}
                template={template}
                isBusy={setDefault.isPending}
                isSettingDefault={setDefault.isPending && setDefault.variables === template.id}
                onPreview={() => dialog.openFor('preview', template)}
                onSetDefault={() => makeDefault(template)}
                onEdit={() => dialog.openFor('edit', template)}
                onDelete={() => dialog.openFor('delete', template)}
              />
            ))}
          </ul>
        )}
      </ResourceStates>
      {isCreating && <BehaviorTemplateDialog template={null} onClose={() => onCreatingChange(false)} />}
      {editing && <BehaviorTemplateDialog key={editing.id} template={editing} onClose={dialog.close} />}
      {previewing && <PromptPreviewDialog template={previewing} onClose={dialog.close} onEdit={() => dialog.openFor('edit', previewing)} />}
      {deleting && <DeleteBehaviorTemplateDialog template={deleting} onClose={dialog.close} />}
    </>
  );
}
