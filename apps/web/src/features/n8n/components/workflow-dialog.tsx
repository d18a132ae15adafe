import { zodResolver } from '@hookform/resolvers/zod';
import {
  createN8nWorkflowBodySchema,
  N8N_DESCRIPTION_MAX,
  N8N_MESSAGES,
  N8N_NAME_MAX,
  N8N_SCHEDULE_MAX,
  N8N_TRIGGER_TYPES,
  N8N_URL_MAX,
  N8N_WORKFLOW_DEFAULTS,
  N8N_WORKFLOW_ID_MAX,
  type N8nTriggerType,
  type N8nWorkflow,
} from '@parley/shared/contracts/n8n';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateWorkflow } from '../api/create-workflow';
import { useUpdateWorkflow } from '../api/update-workflow';
import { FormSelect } from '@/components/form/form-select';

export interface WorkflowFormValues {
  name: string;
  description: string;
  n8nWorkflowId: string;
  triggerType: N8nTriggerType;
  endpointUrl: string;
  scheduleExpression: string;
}

const resolver = zodResolver(createN8nWorkflowBodySchema) as unknown as Resolver<WorkflowFormValues>;

export const TRIGGER_LABELS: Record<N8nTriggerType, string> = { webhook: 'Webhook', schedule: 'Schedule', manual: 'Manual' };

/** What the dialog opens with: an existing workflow (edit) or starting values (new, possibly from a template). */
export type WorkflowDialogTarget = { workflow: N8nWorkflow } | { initial: Partial<WorkflowFormValues> };

/**
 * Spec §2 "Add Workflow dialog": no required fields (an empty name becomes "Unnamed Workflow"); Create Workflow is
 * disabled while creating (§5). Also edits a workflow's details.
 */
export function WorkflowDialog({ target, onClose }: { target: WorkflowDialogTarget; onClose: () => void }) {
  const existing = 'workflow' in target ? target.workflow : null;
  const start = existing ?? ('initial' in target ? target.initial : {});
  const form = useForm<WorkflowFormValues>({
    resolver,
    defaultValues: {
      name: existing?.name ?? start.name ?? '',
      description: start.description ?? '',
      n8nWorkflowId: start.n8nWorkflowId ?? '',
      triggerType: start.triggerType ?? N8N_WORKFLOW_DEFAULTS.triggerType,
      endpointUrl: start.endpointUrl ?? '',
      scheduleExpression: start.scheduleExpression ?? '',
    },
  });
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const { errors, isSubmitting } = form.formState;
  const trigger = form.watch('triggerType');

  const submit = form.handleSubmit(async (values) => {
    try {
      if (existing) {
        await update.mutateAsync({ id: existing.id, changes: values });
        toast.success('Workflow updated');
      } else {
        await create.mutateAsync(values);
        toast.success(N8N_MESSAGES.created);
      }
      onClose();
    } catch (error) {
      const message = getErrorMessage(error);
      toast.error('Error', { description: existing ? `Failed to update workflow: ${message}` : N8N_MESSAGES.createFailed(message) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{existing ? 'Edit workflow' : 'Add Workflow'}</DialogTitle>
          <DialogDescription>
            Register an n8n workflow Parley works with. New workflows start inactive; activate one when it is ready to receive documents from routing rules.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="workflow-name">Name</Label>
            <Input
              id="workflow-name"
              placeholder={N8N_WORKFLOW_DEFAULTS.name}
              maxLength={N8N_NAME_MAX}
              aria-invalid={errors.name ? true : undefined}
              {...form.register('name')}
            />
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="workflow-description">Description</Label>
            <Textarea id="workflow-description" rows={2} maxLength={N8N_DESCRIPTION_MAX} {...form.register('description')} />
            <FieldError>{errors.description?.message}</FieldError>
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="workflow-n8n-id">n8n workflow ID</Label>
              <Input id="workflow-n8n-id" placeholder="e.g. 8rKs2vUq1nA9" maxLength={N8N_WORKFLOW_ID_MAX} {...form.register('n8nWorkflowId')} />
              <FieldError>{errors.n8nWorkflowId?.message}</FieldError>
            </Field>
            <Field>
              <Label id="workflow-trigger-label">Trigger</Label>
              <FormSelect
                control={form.control}
                name="triggerType"
                options={N8N_TRIGGER_TYPES}
                optionLabel={(option) => TRIGGER_LABELS[option]}
                labelledBy="workflow-trigger-label"
              />
            </Field>
          </div>
          <Field>
            <Label htmlFor="workflow-endpoint">Endpoint URL</Label>
            <Input
              id="workflow-endpoint"
              placeholder="/parley/ingest or https://n8n.example.com/webhook/…"
              maxLength={N8N_URL_MAX}
              aria-invalid={errors.endpointUrl ? true : undefined}
              {...form.register('endpointUrl')}
            />
            {errors.endpointUrl ? (
              <FieldError>{errors.endpointUrl.message}</FieldError>
            ) : (
              <FieldDescription>
                Where routing rules send documents for this workflow: a full address, or a path under the n8n webhook base URL.
              </FieldDescription>
            )}
          </Field>
          {trigger === 'schedule' && (
            <Field>
              <Label htmlFor="workflow-schedule">Schedule expression</Label>
              <Input
                id="workflow-schedule"
                placeholder="0 9 * * 1-5"
                className="font-mono"
                maxLength={N8N_SCHEDULE_MAX}
                aria-invalid={errors.scheduleExpression ? true : undefined}
                {...form.register('scheduleExpression')}
              />
              {errors.scheduleExpression ? (
                <FieldError>{errors.scheduleExpression.message}</FieldError>
              ) : (
                <FieldDescription>Cron, as in n8n’s Schedule Trigger: minute hour day month weekday.</FieldDescription>
              )}
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {existing ? 'Save workflow' : isSubmitting ? 'Creating…' : 'Create Workflow'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
