import {
  BEHAVIOR_TEMPLATE_DESCRIPTION_MAX,
  BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES,
  BEHAVIOR_TEMPLATE_NAME_MAX,
  BEHAVIOR_TEMPLATE_PROMPT_MAX,
  createBehaviorTemplateBodySchema,
  type BehaviorTemplate,
} from '@parley/shared/contracts/behavior-templates';
import { AlertCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useSaveBehaviorTemplate } from '../api/save-behavior-template';

const numberFormat = new Intl.NumberFormat('en');

/** Create (template = null) or edit a behavior template: name, description, system prompt and the active flag. */
export function BehaviorTemplateDialog({ template, onClose }: { template: BehaviorTemplate | null; onClose: () => void }) {
  const isEditing = template !== null;
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [systemPrompt, setSystemPrompt] = useState(template?.systemPrompt ?? '');
  const [isActive, setActive] = useState(template?.isActive ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveBehaviorTemplate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's contract checks the form first, so the dialog says what the server would.
    const parsed = createBehaviorTemplateBodySchema.safeParse({ name, description, systemPrompt, isActive });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? MESSAGES.required);
      return;
    }
    setProblem(null);
    save.mutate(template ? { id: template.id, body: { ...parsed.data, expectedUpdatedAt: template.updatedAt } } : { id: null, body: parsed.data }, {
      onSuccess: () => {
        toast.success(isEditing ? MESSAGES.updated : MESSAGES.created);
        onClose();
      },
      onError: (error) => {
        // Also in the dialog: a 409 (another admin saved this template) asks to reopen it.
        setProblem(getErrorMessage(error));
        toast.error(MESSAGES.saveFailed, { description: getErrorMessage(error) });
      },
    });
  };

  const isMissing = problem === MESSAGES.required;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEditing ? 'Edit behavior template' : 'New behavior template'}</DialogTitle>
          <DialogDescription>
            Customers pick it in the chatbot builder; its system prompt becomes the chatbot’s instructions, which they can still edit.
          </DialogDescription>
        </DialogHeader>
        <form id="behavior-template-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="behavior-template-name">Name</Label>
            <Input
              id="behavior-template-name"
              value={name}
              maxLength={BEHAVIOR_TEMPLATE_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              placeholder="Friendly support agent"
              aria-invalid={isMissing && !name.trim() ? true : undefined}
              autoFocus
            />
          </Field>
          <Field>
            <Label htmlFor="behavior-template-description">Description</Label>
            <Textarea
              id="behavior-template-description"
              value={description}
              rows={2}
              maxLength={BEHAVIOR_TEMPLATE_DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="What this behavior is good for (optional)."
            />
          </Field>
          <Field>
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor="behavior-template-prompt">System prompt</Label>
              <span className="text-xs text-muted-foreground tabular-nums">
                {numberFormat.format(systemPrompt.length)} / {numberFormat.format(BEHAVIOR_TEMPLATE_PROMPT_MAX)}
              </span>
            </div>
            <Textarea
              id="behavior-template-prompt"
              value={systemPrompt}
              rows={9}
              maxLength={BEHAVIOR_TEMPLATE_PROMPT_MAX}
              className="max-h-[45svh] min-h-40 font-mono text-xs leading-relaxed"
              onChange={(event) => setSystemPrompt(event.target.value)}
              placeholder="You are a helpful assistant for our customers…"
              aria-invalid={isMissing && !systemPrompt.trim() ? true : undefined}
            />
          </Field>
          <Field>
            <div className="flex items-center gap-3">
              <Switch
                id="behavior-template-active"
                checked={isActive}
                onCheckedChange={setActive}
                disabled={template?.isDefault}
                aria-describedby="behavior-template-active-hint"
              />
              <Label htmlFor="behavior-template-active">Active</Label>
            </div>
            <FieldDescription id="behavior-template-active-hint">
              {template?.isDefault
                ? 'The default template is always active. Make another template the default to deactivate this one.'
                : 'Only active templates are offered in the chatbot builder.'}
            </FieldDescription>
          </Field>
          {problem && (
            <Alert variant="destructive" role="alert">
              <AlertCircleIcon />
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="behavior-template-form" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {isEditing ? 'Save changes' : 'Create template'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
