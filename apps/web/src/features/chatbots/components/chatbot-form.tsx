import { zodResolver } from '@hookform/resolvers/zod';
import { createChatbotBodySchema } from '@parley/shared/contracts/chatbots';
import { CpuIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { ChatbotFormOutput, ChatbotFormValues } from '../utils/chatbot-form-values';
import { AppearanceSection } from './appearance-section';
import { BasicsSection } from './basics-section';
import { BehaviorSection } from './behavior-section';
import { ConversationSection } from './conversation-section';
import { HandoffSection } from './handoff-section';
import { StatusSection } from './status-section';
import { WebsiteSection } from './website-section';

interface ChatbotFormProps {
  /** The values to show; in edit mode a change made elsewhere (the Live switch) flows in unless the field was edited here. */
  values: ChatbotFormValues;
  submitLabel: string;
  /** Saves; resolves with the values now saved (the form then starts clean from them) and rejects to keep the edits. */
  onSubmit: (values: ChatbotFormOutput) => Promise<ChatbotFormValues>;
  /** Which embedder and chunking the documents get: known for a saved chatbot, the server's choice for a new one. */
  processingNote: ReactNode;
  /** Edit mode offers "Discard changes" and enables Save only when something changed. */
  isEditing?: boolean;
  /** Shown but not changeable: the viewer's role may not edit chatbots (the server refuses it anyway). */
  isReadOnly?: boolean;
}

/**
 * The create contract checks the form. Its input type has every defaulted field optional; the form always holds
 * them all, which is narrower, so the resolver is typed for the form's values.
 */
const chatbotFormResolver = zodResolver(createChatbotBodySchema) as unknown as Resolver<ChatbotFormValues, unknown, ChatbotFormOutput>;

/** The builder: one form for a new chatbot and for a saved one's settings, validated by the create contract. */
export function ChatbotForm({ values, submitLabel, onSubmit, processingNote, isEditing = false, isReadOnly = false }: ChatbotFormProps) {
  const form = useForm<ChatbotFormValues, unknown, ChatbotFormOutput>({
    resolver: chatbotFormResolver,
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { isSubmitting, isDirty } = form.formState;

  // When a field is invalid it gets the focus and the action bar says so (a toast would cover the button).
  const submit = form.handleSubmit(async (parsed) => {
    try {
      // keepDirtyValues is for values that arrive from the query while someone edits; a save and a discard replace
      // every field (react-hook-form merges the form's resetOptions into each reset unless told otherwise).
      form.reset(await onSubmit(parsed), { keepDirtyValues: false });
    } catch {
      // The caller has shown why; the edits stay on screen.
    }
  });
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <fieldset disabled={isReadOnly} aria-label={isReadOnly ? 'Chatbot settings (read only)' : undefined} className="contents">
        <BasicsSection form={form} />
        <BehaviorSection form={form} />
        <Alert>
          <CpuIcon />
          <AlertTitle>How your documents are processed</AlertTitle>
          <AlertDescription>{processingNote}</AlertDescription>
        </Alert>
        <ConversationSection form={form} />
        <HandoffSection form={form} />
        <AppearanceSection form={form} />
        <WebsiteSection form={form} />
        <StatusSection form={form} />
      </fieldset>
      {isReadOnly ? (
        <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can read these settings. Only owners and admins of this organization change, re-embed or delete a chatbot.
        </p>
      ) : (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t bg-background/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <p className={cn('mr-auto text-sm', hasErrors ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
            {hasErrors ? 'Check the highlighted fields.' : isEditing ? (isDirty ? 'You have unsaved changes.' : 'All changes saved.') : null}
          </p>
          {isEditing && (
            <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset(values, { keepDirtyValues: false })}>
              Discard changes
            </Button>
          )}
          <Button type="submit" disabled={isSubmitting || (isEditing && !isDirty)}>
            {isSubmitting && <Spinner />}
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
