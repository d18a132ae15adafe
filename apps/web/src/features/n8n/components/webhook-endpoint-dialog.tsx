import { zodResolver } from '@hookform/resolvers/zod';
import {
  createN8nWebhookEndpointBodySchema,
  N8N_ENDPOINT_DEFAULTS,
  N8N_ENDPOINT_METHODS,
  N8N_NAME_MAX,
  N8N_PATH_MAX,
  type N8nEndpointMethod,
  type N8nWebhookEndpoint,
  type N8nWorkflow,
} from '@parley/shared/contracts/n8n';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useSaveWebhookEndpoint } from '../api/save-webhook-endpoint';
import { FormSelect } from '@/components/form/form-select';

interface EndpointFormValues {
  name: string;
  endpointPath: string;
  method: N8nEndpointMethod;
  workflowId: string | null;
  isActive: boolean;
}

const resolver = zodResolver(createN8nWebhookEndpointBodySchema) as unknown as Resolver<EndpointFormValues>;
const NO_WORKFLOW = 'none';

/** Add or edit a webhook endpoint: a path under the n8n webhook base URL, its method and the workflow behind it. */
export function WebhookEndpointDialog({
  endpoint,
  workflows,
  baseUrl,
  onClose,
}: {
  endpoint: N8nWebhookEndpoint | null;
  workflows: N8nWorkflow[];
  baseUrl: string | null;
  onClose: () => void;
}) {
  const form = useForm<EndpointFormValues>({
    resolver,
    defaultValues: {
      name: endpoint?.name ?? '',
      endpointPath: endpoint?.endpointPath ?? '',
      method: endpoint?.method ?? N8N_ENDPOINT_DEFAULTS.method,
      workflowId: endpoint?.workflowId ?? null,
      isActive: endpoint?.isActive ?? N8N_ENDPOINT_DEFAULTS.isActive,
    },
  });
  const save = useSaveWebhookEndpoint();
  const { errors, isSubmitting } = form.formState;
  const path = form.watch('endpointPath');

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(endpoint ? { id: endpoint.id, body: values } : { id: null, body: values });
      toast.success(endpoint ? 'Webhook endpoint updated' : 'Webhook endpoint added');
      onClose();
    } catch (error) {
      toast.error('Error', { description: `Failed to save webhook endpoint: ${getErrorMessage(error)}` });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</DialogTitle>
          <DialogDescription>A Webhook node of one of your n8n workflows, which Parley can test and call.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="endpoint-name">Name</Label>
            <Input id="endpoint-name" placeholder={N8N_ENDPOINT_DEFAULTS.name} maxLength={N8N_NAME_MAX} {...form.register('name')} />
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-[8rem_1fr]">
            <Field>
              <Label id="endpoint-method-label">Method</Label>
              <FormSelect control={form.control} name="method" options={N8N_ENDPOINT_METHODS} labelledBy="endpoint-method-label" />
            </Field>
            <Field>
              <Label htmlFor="endpoint-path">Endpoint path</Label>
              <Input
                id="endpoint-path"
                placeholder="/orders"
                className="font-mono"
                maxLength={N8N_PATH_MAX}
                aria-invalid={errors.endpointPath ? true : undefined}
                {...form.register('endpointPath')}
              />
              <FieldError>{errors.endpointPath?.message}</FieldError>
            </Field>
          </div>
          <FieldDescription className="-mt-2 break-all">
            {baseUrl ? (
              <>
                Tests go to <span className="font-mono">{`${baseUrl.replace(/\/+$/, '')}${path || '/…'}`}</span>
              </>
            ) : (
              'No n8n webhook base URL is set yet: a system admin sets it in System Configuration → Integration Settings.'
            )}
          </FieldDescription>
          <Field>
            <Label id="endpoint-workflow-label">Workflow</Label>
            <Controller
              control={form.control}
              name="workflowId"
              render={({ field }) => (
                <Select value={field.value ?? NO_WORKFLOW} onValueChange={(value) => field.onChange(value === NO_WORKFLOW ? null : value)}>
                  <SelectTrigger className="w-full" aria-labelledby="endpoint-workflow-label">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_WORKFLOW}>No workflow</SelectItem>
                    {workflows.map((workflow) => (
                      <SelectItem key={workflow.id} value={workflow.id}>
                        {workflow.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError>{errors.workflowId?.message}</FieldError>
          </Field>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <label className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm">
                <span className="font-medium">Active</span>
                <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Endpoint active" />
              </label>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {endpoint ? 'Save endpoint' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
