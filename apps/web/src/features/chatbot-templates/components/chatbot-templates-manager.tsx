import { CHATBOT_TEMPLATE_MESSAGES as MESSAGES, featureSummary, type ChatbotTemplate } from '@parley/shared/contracts/chatbot-templates';
import { ClockIcon, GaugeIcon, LayoutTemplateIcon, PencilIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceCreateButton } from '@/components/resource-manager/resource-buttons';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { useResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useChatbotTemplates } from '../api/get-chatbot-templates';
import { prefillSummary } from '../utils/template-configuration';
import { ChatbotTemplateDialog } from './chatbot-template-dialog';
import { DeleteChatbotTemplateDialog } from './delete-chatbot-template-dialog';

function ChatbotTemplateCard({ template, onEdit, onDelete }: { template: ChatbotTemplate; onEdit: () => void; onDelete: () => void }) {
  const { configuration } = template;
  const features = featureSummary(configuration.features);
  const prefill = prefillSummary(configuration);
  return (
    <li>
      <Card className="h-full gap-4" data-testid="chatbot-template-card" aria-label={template.name}>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{configuration.category}</Badge>
            {!template.isActive && <Badge variant="outline">Inactive</Badge>}
          </div>
          <CardTitle className="leading-snug break-words">{template.name}</CardTitle>
          <CardDescription className="line-clamp-2">{template.description || 'No description.'}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span>{configuration.industry}</span>
            <span className="inline-flex items-center gap-1">
              <GaugeIcon className="size-3.5" aria-hidden="true" />
              {configuration.difficulty}
            </span>
            <span className="inline-flex items-center gap-1">
              <ClockIcon className="size-3.5" aria-hidden="true" />
              {configuration.setupTime}
            </span>
          </div>
          {features.shown.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Features">
              {features.shown.map((feature) => (
                <li key={feature}>
                  {/* The text truncates, not the badge: a centred flex badge would clip both ends without an ellipsis. */}
                  <Badge variant="outline" className="max-w-48 font-normal" title={feature}>
                    <span className="truncate">{feature}</span>
                  </Badge>
                </li>
              ))}
              {features.moreLabel && (
                <li>
                  <Badge variant="outline" className="font-normal text-muted-foreground" title={configuration.features.slice(2).join(', ')}>
                    {features.moreLabel}
                  </Badge>
                </li>
              )}
            </ul>
          )}
          {prefill && (
            <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
              <SparklesIcon className="size-3.5 shrink-0 text-brand" aria-hidden="true" />
              {prefill}
            </p>
          )}
        </CardContent>
        <CardFooter className="mt-auto gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <PencilIcon />
            Edit
          </Button>
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete}>
            <Trash2Icon />
            Delete
          </Button>
        </CardFooter>
      </Card>
    </li>
  );
}

/** Spec part 2 §2 "Template Management": the grid of chatbot templates with edit and delete, and the add/edit dialog. */
export function ChatbotTemplatesManager({ isCreating, onCreatingChange }: { isCreating: boolean; onCreatingChange: (open: boolean) => void }) {
  const query = useChatbotTemplates();
  const dialog = useResourceDialog<ChatbotTemplate>();
  const editing = dialog.itemFor('edit');
  const deleting = dialog.itemFor('delete');

  return (
    <>
      <ResourceStates
        query={query}
        loading={<LoadingRows label="Loading templates" rows={3} className="h-64 rounded-xl" containerClassName="gap-4 sm:grid-cols-2 xl:grid-cols-3" />}
        loadFailedTitle={MESSAGES.loadFailed}
        loadFailedToastId="chatbot-templates-load"
        empty={
          <EmptyState
            icon={LayoutTemplateIcon}
            title="No chatbot templates"
            description={MESSAGES.empty}
            action={<ResourceCreateButton label="Add Template" onClick={() => onCreatingChange(true)} />}
          />
        }
      >
        {(templates) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Chatbot templates">
            {templates.map((template) => (
              <ChatbotTemplateCard
                key={template.id}
                template={template}
                onEdit={() => dialog.openFor('edit', template)}
                onDelete={() => dialog.openFor('delete', template)}
              />
            ))}
          </ul>
        )}
      </ResourceStates>
      {isCreating && <ChatbotTemplateDialog template={null} onClose={() => onCreatingChange(false)} />}
      {editing && <ChatbotTemplateDialog key={editing.id} template={editing} onClose={dialog.close} />}
      {deleting && <DeleteChatbotTemplateDialog template={deleting} onClose={dialog.close} />}
    </>
  );
}
