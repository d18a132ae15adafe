import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_COUNT,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookConfig,
  type WebhookConfigWithSecret,
  type WebhookDeliveryLimits,
} from '@parley/shared/contracts/webhooks';
import { KeyRoundIcon, SaveIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCreateWebhookConfig } from '../api/create-webhook-config';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useUpdateWebhookConfig } from '../api/update-webhook-config';
import type { WebhookScope } from '../api/webhook-scope';
import { checkWebhookForm, NEW_WEBHOOK_VALUES, toFormValues, type WebhookFormValues } from '../utils/webhook-form';
import { EventTypesField } from './event-types-field';

interface WebhookFormDialogProps {
  scope: WebhookScope;
  /** The webhook being edited; null adds one. */
  editing: WebhookConfig | null;
  isOpen: boolean;
  limits: WebhookDeliveryLimits | undefined;
  onClose: () => void;
  /** A secret to show once: after adding, or after a rotation from the edit form. */
  onSecret: (created: WebhookConfigWithSecret, isRotation: boolean) => void;
}

/** Spec "Webhook Configurations": the Add Webhook form (also used to edit), checked with the shared contract. */
export function WebhookFormDialog({ scope, editing, isOpen, limits, onClose, onSecret }: WebhookFormDialogProps) {
  const mode = editing ? 'edit' : 'create';
  const resolver: Resolver<WebhookFormValues> = async (values) => {
    const check = checkWebhookForm(values, mode);
    if (check.ok) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(Object.entries(check.errors).map(([field, message]) => [field, { type: 'validate', message }])),
    };
  };
  const form = useForm<WebhookFormValues>({ resolver, defaultValues: NEW_WEBHOOK_VALUES });
  const { errors } = form.formState;
  const create = useCreateWebhookConfig(scope);
  const update = useUpdateWebhookConfig(scope);
  const rotate = useRotateWebhookSecret(scope);
  const isSaving = create.isPending || update.isPending;
  const [retryCount, timeoutSeconds] = useWatch({ control: form.control, name: ['retryCount', 'timeoutSeconds'] });

  // Each opening starts from the webhook's saved values (or the defaults).
  useEffect(() => {
    if (isOpen) form.reset(editing ? toFormValues(editing) : NEW_WEBHOOK_VALUES);
  }, [isOpen, editing, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      const check = checkWebhookForm(values, mode);
      if (!check.ok) return;
      const onError = (error: unknown) => toast.error(WEBHOOK_MESSAGES.saveFailed, { description: getErrorMessage(error) });
      if (editing) {
        update.mutate(
          { id: editing.id, body: check.body },
          {
            onSuccess: () => {
              toast.success(WEBHOOK_MESSAGES.updated);
              onClose();
            },
            onError,
          },
        );
      } else {
        create.mutate(check.body, {
          onSuccess: (created) => {
            toast.success(WEBHOOK_MESSAGES.created);
            onClose();
            onSecret(created, false);
          },
          onError,
        });
      }
    },
    (invalid) => {
      // Spec §5: headers that are not valid JSON fail the save with "Failed to save webhook configuration".
      if (invalid.headersText) toast.error(WEBHOOK_MESSAGES.saveFailed, { description: invalid.headersText.message });
    },
  );

  const rotateSecret = () => {
    if (!editing) return;
    rotate.mutate(editing.id, {
      onSuccess: (rotated) => {
        onClose();
        onSecret(rotated, true);
      },
      onError: (error) => toast.error('The signing secret could not be replaced', { description: getErrorMessage(error) }),
    });
  };

  const idPrefix = `webhook-${editing?.id ?? 'new'}`;
  const cappedRetries = limits && Number.isFinite(retryCount) && retryCount > limits.maxRetryCount;
  const cappedTimeout = limits && Number.isFinite(timeoutSeconds) && timeoutSeconds > limits.maxTimeoutSeconds;

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Webhook' : 'Add Webhook'}</DialogTitle>
          <DialogDescription>
            Parley sends a signed POST request to this URL when one of the chosen events happens, and retries when it does not answer with 2xx.
          </DialogDescription>
        </DialogHeader>
        <form id={`${idPrefix}-form`} onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field>
              <Label htmlFor={`${idPrefix}-name`}>Name</Label>
              <Input
                id={`${idPrefix}-name`}
                placeholder="e.g. CRM sync"
                maxLength={100}
                autoComplete="off"
                aria-invalid={Boolean(errors.name)}
                {...form.register('name')}
              />
              <FieldError>{errors.name?.message}</FieldError>
            </Field>
            <Field>
              <Label htmlFor={`${idPrefix}-url`}>Webhook URL</Label>
              <Input
                id={`${idPrefix}-url`}
                type="url"
                inputMode="url"
                placeholder="https://example.com/webhooks/parley"
                autoComplete="off"
                aria-invalid={Boolean(errors.url)}
                {...form.register('url')}
              />
              <FieldError>{errors.url?.message}</FieldError>
            </Field>
          </div>

          <Field>
            <Label id={`${idPrefix}-events-label`}>Events</Label>
            <Controller
              control={form.control}
              name="eventTypes"
              render={({ field }) => (
                <EventTypesField value={field.value} onChange={field.onChange} isInvalid={Boolean(errors.eventTypes)} idPrefix={idPrefix} />
              )}
            />
            <FieldError>{errors.eventTypes?.message}</FieldError>
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field>
              <Label htmlFor={`${idPrefix}-retries`}>Retry count</Label>
              <Input
                id={`${idPrefix}-retries`}
                type="number"
                min={WEBHOOK_RETRY_COUNT.min}
                max={WEBHOOK_RETRY_COUNT.max}
                step={1}
                aria-invalid={Boolean(errors.retryCount)}
                {...form.register('retryCount', { valueAsNumber: true })}
              />
              <FieldDescription>
                {cappedRetries
                  ? `This installation sends at most ${limits.maxRetryCount} retries; that is what will be used.`
                  : `0 to ${WEBHOOK_RETRY_COUNT.max}; retried with growing delays.`}
              </FieldDescription>
              <FieldError>{errors.retryCount?.message}</FieldError>
            </Field>
            <Field>
              <Label htmlFor={`${idPrefix}-timeout`}>Timeout (seconds)</Label>
              <Input
                id={`${idPrefix}-timeout`}
                type="number"
                min={WEBHOOK_TIMEOUT_SECONDS.min}
                max={WEBHOOK_TIMEOUT_SECONDS.max}
                step={1}
                aria-invalid={Boolean(errors.timeoutSeconds)}
                {...form.register('timeoutSeconds', { valueAsNumber: true })}
              />
              <FieldDescription>
                {cappedTimeout
                  ? `This installation waits at most ${limits.maxTimeoutSeconds} s; that is what will be used.`
                  : `${WEBHOOK_TIMEOUT_SECONDS.min} to ${WEBHOOK_TIMEOUT_SECONDS.max} seconds for your endpoint to answer.`}
              </FieldDescription>
              <FieldError>{errors.timeoutSeconds?.message}</FieldError>
            </Field>
          </div>

          <Field>
            <Label htmlFor={`${idPrefix}-headers`}>Headers (JSON)</Label>
            <Textarea
              id={`${idPrefix}-headers`}
              rows={3}
              spellCheck={false}
              placeholder={'{"Authorization": "Bearer …"}'}
              className="font-mono text-xs"
              aria-invalid={Boolean(errors.headersText)}
              {...form.register('headersText')}
            />
            <FieldDescription>Optional. Sent with every delivery, beside the webhook-id, webhook-timestamp and webhook-signature headers.</FieldDescription>
            <FieldError>{errors.headersText?.message}</FieldError>
          </Field>

          {editing ? (
            <div className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="grid gap-0.5">
                  <span className="text-sm font-medium">Signing secret</span>
                  <code className="font-mono text-xs text-muted-foreground">{editing.secretHint}</code>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={rotateSecret} disabled={rotate.isPending}>
                  {rotate.isPending ? <Spinner /> : <KeyRoundIcon />}
                  Rotate secret
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                {editing.previousSecretExpiresAt
                  ? `The previous secret also signs until ${formatDateTime(editing.previousSecretExpiresAt)}.`
                  : 'A new secret is shown once; the current one keeps signing as well for 24 hours.'}
              </p>
            </div>
          ) : (
            <Field>
              <Label htmlFor={`${idPrefix}-secret`}>Secret token (optional)</Label>
              <Input
                id={`${idPrefix}-secret`}
                placeholder="whsec_…"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-invalid={Boolean(errors.secret)}
                {...form.register('secret')}
              />
              <FieldDescription>Leave empty and Parley generates one, shown once after saving.</FieldDescription>
              <FieldError>{errors.secret?.message}</FieldError>
            </Field>
          )}

          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center justify-between gap-4 rounded-md border p-3">
                <div className="grid gap-0.5">
                  <Label htmlFor={`${idPrefix}-active`}>Active</Label>
                  <p className="text-xs text-muted-foreground">Turned off, it receives nothing; events waiting for it are given up.</p>
                </div>
                <Switch id={`${idPrefix}-active`} checked={field.value} onCheckedChange={field.onChange} />
              </div>
            )}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${idPrefix}-form`} disabled={isSaving}>
            {isSaving ? <Spinner /> : <SaveIcon />}
            {editing ? 'Save Changes' : 'Add Webhook'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
