import { zodResolver } from '@hookform/resolvers/zod';
import { AI_ACTION_MESSAGES, type ActionCategory, type ActionEventHandler, type ActionTemplate, type ActionWebhook } from '@parley/shared/contracts/ai-actions';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateActionTemplate } from '../api/create-action-template';
import { useUpdateActionTemplate } from '../api/update-action-template';
import { tabOfField, templateFormSchema, templateFormValues, type TemplateFormValues } from '../utils/template-form-values';
import { BasicInfoFields } from './basic-info-fields';
import { ConfigurationFields } from './configuration-fields';
import { EventHandlersEditor } from './event-handlers-editor';
import { WebhooksEditor } from './webhooks-editor';

type DialogTab = 'basic' | 'configuration' | 'webhooks' | 'events';

/** The contract's input type has the defaulted fields optional; the form always holds them all. */
const templateFormResolver = zodResolver(templateFormSchema) as unknown as Resolver<TemplateFormValues>;

interface ActionTemplateDialogProps {
  /** The action to configure, or null to create one. */
  template: ActionTemplate | null;
  /** All categories (inactive ones are offered only when the action already uses them). */
  categories: ActionCategory[];
  onClose: () => void;
}

/** Spec §2: the Create/Configure dialog with tabs Basic Info, Configuration, Webhooks and Events. */
export function ActionTemplateDialog({ template, categories, onClose }: ActionTemplateDialogProps) {
  const form = useForm<TemplateFormValues>({ resolver: templateFormResolver, defaultValues: templateFormValues(template), mode: 'onTouched' });
  // The lists as opened: any edit replaces the array, so a different reference means a change.
  const [initial] = useState(() => ({ webhooks: template?.webhooks ?? [], handlers: template?.eventHandlers ?? [] }));
  const [webhooks, setWebhooks] = useState<ActionWebhook[]>(initial.webhooks);
  const [handlers, setHandlers] = useState<ActionEventHandler[]>(initial.handlers);
  const [tab, setTab] = useState<DialogTab>('basic');
  const [isEditingWebhook, setEditingWebhook] = useState(false);
  const [isEditingHandler, setEditingHandler] = useState(false);
  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const create = useCreateActionTemplate();
  const update = useUpdateActionTemplate();
  const isSaving = create.isPending || update.isPending;
  const choosable = categories.filter((category) => category.isActive || category.id === template?.categoryId);

  const hasChanges = form.formState.isDirty || webhooks !== initial.webhooks || handlers !== initial.handlers || isEditingWebhook || isEditingHandler;

  const requestClose = () => {
    if (isSaving) return;
    if (hasChanges) setConfirmingDiscard(true);
    else onClose();
  };

  const save = form.handleSubmit(
    async (values) => {
      // A webhook or handler still open in its form is not part of the action yet: say so rather than lose it.
      if (isEditingWebhook || isEditingHandler) {
        setTab(isEditingWebhook ? 'webhooks' : 'events');
        toast.error(AI_ACTION_MESSAGES.saveFailed, {
          description: `Add or cancel the ${isEditingWebhook ? 'webhook' : 'event handler'} you are editing first.`,
        });
        return;
      }
      const body = { ...values, webhooks, eventHandlers: handlers };
      try {
        if (template) {
          await update.mutateAsync({ id: template.id, changes: { ...body, expectedUpdatedAt: template.updatedAt } });
          toast.success(AI_ACTION_MESSAGES.updated);
        } else {
          await create.mutateAsync(body);
          toast.success(AI_ACTION_MESSAGES.created);
        }
        onClose();
      } catch (error) {
        const message = getErrorMessage(error);
        // The server names the field first ("webhooks.0.timeoutSeconds: …"): show its tab.
        const field = /^(\w+)[.:]/.exec(message)?.[1];
        if (field) setTab(tabOfField(field));
        toast.error(AI_ACTION_MESSAGES.saveFailed, { description: message });
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOfField(first));
    },
  );

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && requestClose()}>
        <DialogContent
          className="flex max-h-[min(90svh,52rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-3xl"
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            requestClose();
          }}
          onInteractOutside={(event) => {
            event.preventDefault();
            requestClose();
          }}
        >
          <DialogHeader className="border-b px-4 py-4 pr-12 sm:px-6">
            <DialogTitle>{template ? `Configure “${template.name}”` : 'Create Action'}</DialogTitle>
            <DialogDescription>
              {template
                ? 'Change the action, its webhooks and event handlers; Save applies everything at once.'
                : 'Describe the action, then add the webhooks and event handlers it uses.'}
            </DialogDescription>
          </DialogHeader>
          <Tabs value={tab} onValueChange={(value) => setTab(value as DialogTab)} className="min-h-0 flex-1 gap-0">
            <div className="border-b px-4 py-3 sm:px-6">
              <TabsList className="grid w-full grid-cols-4">
                <TabsTrigger value="basic" className="px-1 text-xs sm:text-sm">
                  Basic Info
                </TabsTrigger>
                <TabsTrigger value="configuration" className="px-1 text-xs sm:text-sm">
                  <span className="sm:hidden">Config</span>
                  <span className="hidden sm:inline">Configuration</span>
                </TabsTrigger>
                <TabsTrigger value="webhooks" className="px-1 text-xs sm:text-sm">
                  Webhooks{webhooks.length > 0 && <span className="text-muted-foreground tabular-nums">({webhooks.length})</span>}
                </TabsTrigger>
                <TabsTrigger value="events" className="px-1 text-xs sm:text-sm">
                  Events{handlers.length > 0 && <span className="text-muted-foreground tabular-nums">({handlers.length})</span>}
                </TabsTrigger>
              </TabsList>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
              {/* Mounted all the time so an open webhook or handler form survives a change of tab. */}
              <TabsContent value="basic" forceMount className="data-[state=inactive]:hidden">
                <BasicInfoFields form={form} categories={choosable} />
              </TabsContent>
              <TabsContent value="configuration" forceMount className="data-[state=inactive]:hidden">
                <ConfigurationFields form={form} />
              </TabsContent>
              <TabsContent value="webhooks" forceMount className="data-[state=inactive]:hidden">
                <WebhooksEditor webhooks={webhooks} onChange={setWebhooks} templateId={template?.id} onEditingChange={setEditingWebhook} />
              </TabsContent>
              <TabsContent value="events" forceMount className="data-[state=inactive]:hidden">
                <EventHandlersEditor handlers={handlers} onChange={setHandlers} onEditingChange={setEditingHandler} />
              </TabsContent>
            </div>
          </Tabs>
          <DialogFooter className="border-t px-4 py-3 sm:px-6">
            <Button type="button" variant="outline" onClick={requestClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void save()} disabled={isSaving}>
              {isSaving && <Spinner />}
              {template ? 'Save Changes' : 'Create Action'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <AlertDialog open={isConfirmingDiscard} onOpenChange={setConfirmingDiscard}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Discard your changes?</AlertDialogTitle>
            <AlertDialogDescription>The changes you made to this action since opening it are not saved.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep editing</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onClose}>
              Discard changes
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
