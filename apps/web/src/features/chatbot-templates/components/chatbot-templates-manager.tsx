import { CHATBOT_TEMPLATE_MESSAGES as MESSAGES, featureSummary, type ChatbotTemplate } from '@parley/shared/contracts/chatbot-templates';
import { ClockIcon, GaugeIcon, LayoutTemplateIcon, PencilIcon, PlusIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
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

type Open = { kind: 'edit' | 'delete'; template: ChatbotTemplate } | null;

/** Spec part 2 §2 "Template Management": the grid of chatbot templates with edit and delete, and the add/edit dialog. */
export function ChatbotTemplatesManager({ isCreating, onCreatingChange }: { isCreating: boolean; onCreatingChange: (open: boolean) => void }) {
  const query = useChatbotTemplates();
  const [open, setOpen] = useState<Open>(null);

  useLoadErrorToast(query, MESSAGES.loadFailed, 'chatbot-templates-load');

  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading templates" rows={3} className="h-64 rounded-xl" containerClassName="gap-4 sm:grid-cols-2 xl:grid-cols-3" />;
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title={MESSAGES.loadFailed} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        icon={LayoutTemplateIcon}
        title="No chatbot templates"
        description={MESSAGES.empty}
        action={
          <Button onClick={() => onCreatingChange(true)}>
            <PlusIcon />
            Add Template
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Chatbot templates">
        {query.data.map((template) => (
          <ChatbotTemplateCard
            key={template.id}
            template={template}
            onEdit={() => setOpen({ kind: 'edit', template })}
            onDelete={() => setOpen({ kind: 'delete', template })}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      {isCreating && <ChatbotTemplateDialog template={null} onClose={() => onCreatingChange(false)} />}
      {open?.kind === 'edit' && <ChatbotTemplateDialog key={open.template.id} template={open.template} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && <DeleteChatbotTemplateDialog template={open.template} onClose={() => setOpen(null)} />}
    </>
  );
}
