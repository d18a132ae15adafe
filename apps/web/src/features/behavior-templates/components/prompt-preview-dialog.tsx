import type { BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { PencilIcon } from 'lucide-react';
import { CopyButton } from '@/components/layout/copy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { BehaviorTemplateBadges } from './behavior-template-badges';

/** Spec §2: the prompt preview — the whole system prompt as a chatbot would receive it. */
export function PromptPreviewDialog({ template, onClose, onEdit }: { template: BehaviorTemplate; onClose: () => void; onEdit: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
            {template.name}
            <BehaviorTemplateBadges template={template} />
          </DialogTitle>
          <DialogDescription>{template.description || 'System prompt preview'}</DialogDescription>
        </DialogHeader>
        <pre
          className="min-h-24 overflow-y-auto rounded-md border bg-muted/40 p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap"
          data-testid="prompt-preview"
          tabIndex={0}
          aria-label="System prompt"
        >
          {template.systemPrompt}
        </pre>
        <DialogFooter className="gap-2 sm:items-center sm:justify-between">
          <CopyButton text={template.systemPrompt} label="Copy prompt" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="button" onClick={onEdit}>
              <PencilIcon />
              Edit
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
