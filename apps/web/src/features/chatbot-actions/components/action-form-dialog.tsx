import { CHATBOT_ACTION_BUTTON_LABEL_MAX, CHATBOT_ACTION_DESCRIPTION_MAX, type ChatbotAction } from '@parley/shared/contracts/chatbot-actions';
import { AlertCircleIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateChatbotAction } from '../api/create-chatbot-action';
import { useUpdateChatbotAction } from '../api/update-chatbot-action';
import { ACTION_KIND_LABELS } from '../utils/action-display';
import { CALLS_OUT, checkActionChange, checkNewAction, type ActionFormErrors, type ActionFormValues } from '../utils/action-form';
import { HeadersEditor } from './headers-editor';
import { N8nEndpointField } from './n8n-endpoint-field';
import { ParametersField } from './parameters-field';
import { generateSigningSecret, SecretField } from './secret-field';

/** A new action (its starting values) or a saved one. */
export type ActionDraft =
  | { mode: 'create'; values: ActionFormValues; /** The catalogue template it starts from. */ templateName?: string }
  | { mode: 'edit'; action: ChatbotAction; values: ActionFormValues };

interface ActionFormDialogProps {
  chatbotId: string;
  draft: ActionDraft;
  onClose: () => void;
}

const INTRO: Record<ActionFormValues['kind'], string> = {
  webhook: 'Parley sends a signed POST request to this address when the model calls the action, and gives the model the answer.',
  mcp: 'The model calls this tool of the MCP server; Parley connects to the server for each call.',
  handoff: 'Built in: the conversation goes to your team’s inbox and a person answers the visitor.',
  contact: 'Built in: the visitor’s name, e-mail address and phone number are kept with the conversation.',
  n8n: 'Built in: Parley starts the n8n workflow behind this endpoint with the model’s arguments.',
};

function toFieldErrors(errors: ActionFormErrors): FieldErrors<ActionFormValues> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }])) as FieldErrors<ActionFormValues>;
}

/** Add or edit one action: the fields its kind has, checked with the shared contract; the server's refusals shown in the form. */
export function ActionFormDialog({ chatbotId, draft, onClose }: ActionFormDialogProps) {
  const { mode } = draft;
  const resolver: Resolver<ActionFormValues> = async (values) => {
    const check = mode === 'create' ? checkNewAction(values) : checkActionChange(values);
    return check.ok ? { values, errors: {} } : { values: {}, errors: toFieldErrors(check.errors) };
  };
  const form = useForm<ActionFormValues>({ resolver, defaultValues: draft.values, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { errors } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateChatbotAction(chatbotId);
  const update = useUpdateChatbotAction(chatbotId);
  const isSaving = create.isPending || update.isPending;
  const kind = draft.values.kind;
  const [offerAsButton, description, secretChoice, tokenChoice] = useWatch({
    control: form.control,
    name: ['offerAsButton', 'description', 'secretChoice', 'tokenChoice'],
  });
  const saved = draft.mode === 'edit' ? draft.action : null;
  const id = (field: string) => `action-form-${field}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (draft.mode === 'create') {
        const check = checkNewAction(values);
        if (!check.ok) return;
        const created = await create.mutateAsync(check.body);
        toast.success(`Action ${created.name} added.`);
      } else {
        const check = checkActionChange(values);
        if (!check.ok) return;
        const changed = await update.mutateAsync({ actionId: draft.action.id, body: check.body });
        toast.success(`Action ${changed.name} saved.`);
      }
      onClose();
    } catch (error) {
      // A name the chatbot already uses belongs to the name field; anything else (the plan's limit, a schema the
      // server's check refuses, a private address) is said above the form.
      if (error instanceof ApiError && error.status === 409) form.setError('name', { type: 'server', message: getErrorMessage(error) }, { shouldFocus: true });
      else setServerError(getErrorMessage(error));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{saved ? `Edit action ${saved.name}` : `Add action: ${ACTION_KIND_LABELS[kind]}`}</DialogTitle>
          <DialogDescription>
            {draft.mode === 'create' && draft.templateName ? `From the catalogue’s “${draft.templateName}”. ` : ''}
            {INTRO[kind]}
          </DialogDescription>
        </DialogHeader>
        <form id="action-form" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={saved ? `Edit action ${saved.name}` : 'New action'}>
          {serverError && (
            <Alert variant="destructive" role="alert">
              <AlertCircleIcon />
              <AlertTitle>The action was not saved</AlertTitle>
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          )}
          <Field>
            <Label htmlFor={id('name')}>Name</Label>
            <Input
              id={id('name')}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder="order_status"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={id('name-hint')}
              {...form.register('name')}
            />
            {errors.name ? (
              <FieldError id={id('name-hint')}>{errors.name.message}</FieldError>
            ) : (
              <FieldDescription id={id('name-hint')}>The tool name the model sees: lowercase letters, digits and underscores.</FieldDescription>
            )}
          </Field>
          <Field>
            <Label htmlFor={id('description')}>Description for the model</Label>
            <Textarea
              id={id('description')}
              rows={3}
              maxLength={CHATBOT_ACTION_DESCRIPTION_MAX}
              placeholder="Looks up the status and delivery date of an order by its order id (like A-123)."
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={id('description-hint')}
              {...form.register('description')}
            />
            {errors.description ? (
              <FieldError id={id('description-hint')}>{errors.description.message}</FieldError>
            ) : (
              <FieldDescription id={id('description-hint')}>
                What the model reads to decide when to call it: what it does and when to use it. {description.length}/{CHATBOT_ACTION_DESCRIPTION_MAX}
              </FieldDescription>
            )}
          </Field>

          {CALLS_OUT.has(kind) && (
            <Field>
              <Label htmlFor={id('url')}>{kind === 'mcp' ? 'MCP server URL' : 'Webhook URL'}</Label>
              <Input
                id={id('url')}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={kind === 'mcp' ? 'https://tools.example.com/mcp' : 'https://shop.example.com/parley/order-status'}
                aria-invalid={errors.url ? true : undefined}
                aria-describedby={id('url-hint')}
                {...form.register('url')}
              />
              {errors.url ? (
                <FieldError id={id('url-hint')}>{errors.url.message}</FieldError>
              ) : (
                <FieldDescription id={id('url-hint')}>A public http or https address; private and local networks are refused.</FieldDescription>
              )}
            </Field>
          )}

          {kind === 'webhook' && (
            <>
              <Field>
                <Label id={id('headers-label')}>Headers</Label>
                <Controller
                  control={form.control}
                  name="headers"
                  render={({ field }) => (
                    <HeadersEditor
                      labelledBy={id('headers-label')}
                      value={field.value}
                      onChange={field.onChange}
                      isInvalid={Boolean(errors.headers)}
                      describedBy={id('headers-hint')}
                    />
                  )}
                />
                {errors.headers?.message ? (
                  <FieldError id={id('headers-hint')}>{errors.headers.message}</FieldError>
                ) : (
                  <FieldDescription id={id('headers-hint')}>
                    Optional, not secret: whoever may edit this chatbot sees them. Parley sets content-type and the webhook-* headers itself.
                  </FieldDescription>
                )}
              </Field>
              <Controller
                control={form.control}
                name="signingSecret"
                render={({ field }) => (
                  <SecretField
                    id={id('secret')}
                    label="Signing secret"
                    mode={mode}
                    isSaved={saved?.hasSigningSecret ?? false}
                    choice={secretChoice}
                    onChoiceChange={(choice) => form.setValue('secretChoice', choice)}
                    value={field.value}
                    onValueChange={field.onChange}
                    placeholder="whsec_…"
                    hint="A Standard Webhooks secret (whsec_…): your endpoint checks each call's webhook-signature with it. Stored encrypted, never shown again."
                    error={errors.signingSecret?.message}
                    onGenerate={() => {
                      form.setValue('secretChoice', 'set');
                      field.onChange(generateSigningSecret());
                    }}
                  />
                )}
              />
            </>
          )}

          {kind === 'mcp' && (
            <>
              <Field>
                <Label htmlFor={id('mcp-tool')}>Tool on the MCP server</Label>
                <Input
                  id={id('mcp-tool')}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  aria-invalid={errors.mcpTool ? true : undefined}
                  aria-describedby={id('mcp-tool-hint')}
                  {...form.register('mcpTool')}
                />
                {errors.mcpTool ? (
                  <FieldError id={id('mcp-tool-hint')}>{errors.mcpTool.message}</FieldError>
                ) : (
                  <FieldDescription id={id('mcp-tool-hint')}>The tool’s name as the server lists it.</FieldDescription>
                )}
              </Field>
              <Controller
                control={form.control}
                name="authToken"
                render={({ field }) => (
                  <SecretField
                    id={id('token')}
                    label="Bearer token"
                    mode={mode}
                    isSaved={saved?.hasAuthToken ?? false}
                    choice={tokenChoice}
                    onChoiceChange={(choice) => form.setValue('tokenChoice', choice)}
                    value={field.value}
                    onValueChange={field.onChange}
                    placeholder="The token the MCP server asks for"
                    hint="Sent as Authorization: Bearer … to the MCP server. Stored encrypted, never shown again."
                    error={errors.authToken?.message}
                    isMasked
                  />
                )}
              />
            </>
          )}

          {kind === 'n8n' && (
            <Controller
              control={form.control}
              name="n8nEndpointId"
              render={({ field }) => (
                <N8nEndpointField id={id('n8n')} chatbotId={chatbotId} value={field.value} onChange={field.onChange} error={errors.n8nEndpointId?.message} />
              )}
            />
          )}

          {CALLS_OUT.has(kind) && (
            <Controller
              control={form.control}
              name="parametersText"
              render={({ field }) => (
                <ParametersField
                  id={id('parameters')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.parametersText?.message}
                />
              )}
            />
          )}

          <div className="grid gap-3 rounded-md border p-3">
            <Controller
              control={form.control}
              name="offerAsButton"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Checkbox
                    id={id('button')}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby={id('button-hint')}
                    className="mt-0.5"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={id('button')}>Offer as a button</Label>
                    <p id={id('button-hint')} className="text-xs text-muted-foreground">
                      For a chatbot answering without a model: when a question matches the description, the visitor is offered this action as a button, and
                      asked to confirm before anything is sent.
                    </p>
                  </div>
                </div>
              )}
            />
            {offerAsButton && (
              <Field>
                <Label htmlFor={id('button-label')}>Button label</Label>
                <Input
                  id={id('button-label')}
                  maxLength={CHATBOT_ACTION_BUTTON_LABEL_MAX}
                  placeholder="Check my order"
                  aria-invalid={errors.buttonLabel ? true : undefined}
                  aria-describedby={id('button-label-hint')}
                  {...form.register('buttonLabel')}
                />
                {errors.buttonLabel ? (
                  <FieldError id={id('button-label-hint')}>{errors.buttonLabel.message}</FieldError>
                ) : (
                  <FieldDescription id={id('button-label-hint')}>Optional; the name in words when left empty.</FieldDescription>
                )}
              </Field>
            )}
          </div>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="action-form" disabled={isSaving}>
            {isSaving ? <Spinner /> : <SaveIcon />}
            {saved ? 'Save action' : 'Add action'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
