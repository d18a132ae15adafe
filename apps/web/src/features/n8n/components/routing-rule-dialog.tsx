import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTING_CONDITION_FIELDS } from '@parley/shared/contracts/n8n-routing-condition';
import {
  createN8nRoutingRuleBodySchema,
  N8N_CONDITION_MAX,
  N8N_LIMITS,
  N8N_NAME_MAX,
  N8N_ROUTING_ACTIONS,
  N8N_ROUTING_PRIORITY_DEFAULT,
  type N8nRoutingAction,
  type N8nRoutingRule,
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
import { getErrorMessage } from '@/lib/api-error';
import { useCreateRoutingRule } from '../api/create-routing-rule';
import { useUpdateRoutingRule } from '../api/update-routing-rule';
import { FormSelect } from '@/components/form/form-select';

interface RuleFormValues {
  name: string;
  condition: string;
  priority: number;
  action: N8nRoutingAction;
  workflowId: string | null;
  isActive: boolean;
}

const resolver = zodResolver(createN8nRoutingRuleBodySchema) as unknown as Resolver<RuleFormValues>;

export const ACTION_LABELS: Record<N8nRoutingAction, string> = {
  edge_function: 'Built-in pipeline (edge_function)',
  n8n: 'n8n workflow',
  hybrid: 'Hybrid: n8n, built-in if it fails',
};

/** A routing rule: which documents (condition), in which order (priority 1–10, default 5) and where they go. */
export function RoutingRuleDialog({ rule, workflows, onClose }: { rule: N8nRoutingRule | null; workflows: N8nWorkflow[]; onClose: () => void }) {
  const form = useForm<RuleFormValues>({
    resolver,
    defaultValues: {
      name: rule?.name ?? '',
      condition: rule?.condition ?? '',
      priority: rule?.priority ?? N8N_ROUTING_PRIORITY_DEFAULT,
      action: rule?.action ?? 'n8n',
      workflowId: rule?.workflowId ?? null,
      isActive: rule?.isActive ?? true,
    },
  });
  const create = useCreateRoutingRule();
  const update = useUpdateRoutingRule();
  const { errors, isSubmitting } = form.formState;
  const action = form.watch('action');

  const submit = form.handleSubmit(async (values) => {
    const body = { ...values, workflowId: values.action === 'edge_function' ? null : values.workflowId };
    try {
      if (rule) await update.mutateAsync({ id: rule.id, changes: body });
      else await create.mutateAsync(body);
      toast.success(rule ? 'Routing rule updated' : 'Routing rule created');
      onClose();
    } catch (error) {
      toast.error('Error', { description: `Failed to save routing rule: ${getErrorMessage(error)}` });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit routing rule' : 'Add routing rule'}</DialogTitle>
          <DialogDescription>
            With intelligent routing on, the first active rule (lowest priority number) whose condition holds decides where a document is processed.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="rule-name">Name</Label>
            <Input id="rule-name" maxLength={N8N_NAME_MAX} aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="rule-condition">Condition</Label>
            <Input
              id="rule-condition"
              className="font-mono"
              placeholder="file_type == 'pdf' and size_kb > 500"
              maxLength={N8N_CONDITION_MAX}
              aria-invalid={errors.condition ? true : undefined}
              {...form.register('condition')}
            />
            {errors.condition ? (
              <FieldError>{errors.condition.message}</FieldError>
            ) : (
              <FieldDescription>
                Comparisons joined by <span className="font-mono">and</span>, or <span className="font-mono">always</span>. Fields:{' '}
                <span className="font-mono">{Object.keys(ROUTING_CONDITION_FIELDS).join(', ')}</span>.
              </FieldDescription>
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-[7rem_1fr]">
            <Field>
              <Label htmlFor="rule-priority">Priority</Label>
              <Input
                id="rule-priority"
                type="number"
                inputMode="numeric"
                step={1}
                min={N8N_LIMITS.routingPriority.min}
                max={N8N_LIMITS.routingPriority.max}
                aria-invalid={errors.priority ? true : undefined}
                {...form.register('priority', { valueAsNumber: true })}
              />
              <FieldError>{errors.priority?.message}</FieldError>
            </Field>
            <Field>
              <Label id="rule-action-label">Action</Label>
              <FormSelect
                control={form.control}
                name="action"
                options={N8N_ROUTING_ACTIONS}
                optionLabel={(option) => ACTION_LABELS[option]}
                labelledBy="rule-action-label"
              />
            </Field>
          </div>
          {action !== 'edge_function' && (
            <Field>
              <Label id="rule-workflow-label">Workflow</Label>
              <Controller
                control={form.control}
                name="workflowId"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={(value) => field.onChange(value || null)}>
                    <SelectTrigger className="w-full" aria-labelledby="rule-workflow-label" aria-invalid={errors.workflowId ? true : undefined}>
                      <SelectValue placeholder={workflows.length ? 'Choose a workflow' : 'Add a workflow first'} />
                    </SelectTrigger>
                    <SelectContent>
                      {workflows.map((workflow) => (
                        <SelectItem key={workflow.id} value={workflow.id}>
                          {workflow.name}
                          {workflow.status !== 'active' && ' (inactive)'}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              {errors.workflowId ? (
                <FieldError>{errors.workflowId.message}</FieldError>
              ) : (
                <FieldDescription>Only active workflows receive documents; the rule is skipped while its workflow is inactive.</FieldDescription>
              )}
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner />}
              {rule ? 'Save rule' : 'Add rule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
