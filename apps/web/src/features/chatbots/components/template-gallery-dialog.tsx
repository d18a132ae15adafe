import { featureSummary, type ChatbotTemplateOption } from '@parley/shared/contracts/chatbot-templates';
import { ClockIcon, GaugeIcon, LayoutTemplateIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { newChatbotPath } from '@/config/paths';
import { useChatbotTemplateOptions } from '../api/get-chatbot-template-options';

function TemplateChoice({ template, onChosen }: { template: ChatbotTemplateOption; onChosen: () => void }) {
  const { configuration } = template;
  const features = featureSummary(configuration.features);
  return (
    <li>
      <Link
        to={newChatbotPath(template.id)}
        onClick={onChosen}
        className="flex h-full flex-col gap-2 rounded-lg border bg-card p-4 text-left transition-colors hover:border-foreground/25 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="template-choice"
      >
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{configuration.category}</Badge>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <GaugeIcon className="size-3.5" aria-hidden="true" />
            {configuration.difficulty}
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            {configuration.setupTime}
          </span>
        </div>
        <span className="font-medium break-words">{template.name}</span>
        <span className="line-clamp-2 text-sm text-muted-foreground">{template.description || `${configuration.industry} chatbot`}</span>
        {features.shown.length > 0 && (
          <span className="mt-auto flex flex-wrap gap-1.5 pt-1">
            {features.shown.map((feature) => (
              // The text truncates, not the badge: a centred flex badge would clip both ends without an ellipsis.
              <Badge key={feature} variant="outline" className="max-w-40 font-normal" title={feature}>
                <span className="truncate">{feature}</span>
              </Badge>
            ))}
            {features.moreLabel && (
              <Badge variant="outline" className="font-normal text-muted-foreground">
                {features.moreLabel}
              </Badge>
            )}
          </span>
        )}
      </Link>
    </li>
  );
}

function Gallery({ onChosen }: { onChosen: () => void }) {
  const query = useChatbotTemplateOptions();
  if (query.isPending) {
    return <LoadingRows label="Loading templates" rows={4} className="h-36 rounded-lg" containerClassName="gap-3 sm:grid-cols-2" />;
  }
  if (query.isError) {
    return <LoadErrorAlert query={query} title="Templates could not be loaded" />;
  }
  if (query.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
        No templates are available yet. Start from a blank chatbot instead.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Chatbot templates">
      {query.data.map((template) => (
        <TemplateChoice key={template.id} template={template} onChosen={onChosen} />
      ))}
    </ul>
  );
}

/** "Start from a template": the active chatbot templates; choosing one opens the builder prefilled from it. */
export function TemplateGalleryDialog({ triggerLabel = 'Start from a template' }: { triggerLabel?: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <LayoutTemplateIcon />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Start from a template</DialogTitle>
          <DialogDescription>A template fills in the name, description and behavior for you. You can change everything before you create it.</DialogDescription>
        </DialogHeader>
        {isOpen && <Gallery onChosen={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
