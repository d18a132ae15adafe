import {
  createN8nWorkflowTemplateBodySchema,
  N8N_CATEGORY_MAX,
  N8N_DESCRIPTION_MAX,
  N8N_NAME_MAX,
  N8N_TEMPLATE_JSON_MAX,
  type CreateN8nWorkflowTemplateBody,
} from '@parley/shared/contracts/n8n';
import { useState } from 'react';
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
import { useCreateWorkflowTemplate } from '../api/create-workflow-template';
import { parseTemplateJson } from '../utils/template-file';

type Errors = Partial<Record<'name' | 'category' | 'description' | 'template' | 'variables', string>>;

/** Reads the form into the request body, or the message of each field that is wrong (the shared contract's words). */
function readForm(values: {
  name: string;
  description: string;
  category: string;
  json: string;
  variables: string;
  isPublic: boolean;
}): { errors: Errors } | { body: CreateN8nWorkflowTemplateBody } {
  const errors: Errors = {};
  const definition = parseTemplateJson(values.json);
  if ('error' in definition) errors.template = definition.error;
  let variables: unknown = {};
  if (values.variables.trim()) {
    try {
      variables = JSON.parse(values.variables);
    } catch {
      errors.variables = 'Variables must be a JSON object, for example {"SHEET_ID": ""}.';
    }
  }
  const body = {
    name: values.name,
    description: values.description,
    category: values.category,
    template: 'error' in definition ? undefined : definition,
    variables,
    isPublic: values.isPublic,
  };
  const parsed = createN8nWorkflowTemplateBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'template') as keyof Errors;
      errors[field] ??= issue.message;
    }
  }
  return Object.keys(errors).length ? { errors } : { body: body as CreateN8nWorkflowTemplateBody };
}

/** Save a workflow template: n8n's JSON (an exported workflow, or its nodes and connections), variables, and who sees it. */
export function TemplateDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ name: '', description: '', category: '', json: '', variables: '', isPublic: false });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateWorkflowTemplate();
  const set = (changes: Partial<typeof values>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const read = readForm(values);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    try {
      await create.mutateAsync(read.body);
      toast.success('Template saved');
      onClose();
    } catch (error) {
      toast.error('Error', { description: `Failed to save template: ${getErrorMessage(error)}` });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Save workflow template</DialogTitle>
          <DialogDescription>Paste a workflow exported from n8n. Templates can be downloaded again for n8n and used to add workflows here.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="template-name">Name</Label>
              <Input
                id="template-name"
                maxLength={N8N_NAME_MAX}
                value={values.name}
                aria-invalid={errors.name ? true : undefined}
                onChange={(e) => set({ name: e.target.value })}
              />
              <FieldError>{errors.name}</FieldError>
            </Field>
            <Field>
              <Label htmlFor="template-category">Category</Label>
              <Input
                id="template-category"
                placeholder="e.g. Lead Management"
                maxLength={N8N_CATEGORY_MAX}
                value={values.category}
                aria-invalid={errors.category ? true : undefined}
                onChange={(e) => set({ category: e.target.value })}
              />
              <FieldError>{errors.category}</FieldError>
            </Field>
          </div>
          <Field>
            <Label htmlFor="template-description">Description</Label>
            <Textarea
              id="template-description"
              rows={2}
              maxLength={N8N_DESCRIPTION_MAX}
              value={values.description}
              onChange={(e) => set({ description: e.target.value })}
            />
            <FieldError>{errors.description}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="template-json">Workflow JSON</Label>
            <Textarea
              id="template-json"
              rows={8}
              className="font-mono text-xs"
              placeholder='{"nodes": [...], "connections": {...}}'
              maxLength={N8N_TEMPLATE_JSON_MAX * 2}
              value={values.json}
              aria-invalid={errors.template ? true : undefined}
              onChange={(e) => set({ json: e.target.value })}
            />
            {errors.template ? (
              <FieldError>{errors.template}</FieldError>
            ) : (
              <FieldDescription>Nodes need a unique name and a type; connections are keyed by node name.</FieldDescription>
            )}
          </Field>
          <Field>
            <Label htmlFor="template-variables">Variables</Label>
            <Textarea
              id="template-variables"
              rows={2}
              className="font-mono text-xs"
              placeholder='{"SHEET_ID": "", "NOTIFY_EMAIL": "sales@example.com"}'
              value={values.variables}
              aria-invalid={errors.variables ? true : undefined}
              onChange={(e) => set({ variables: e.target.value })}
            />
            {errors.variables ? (
              <FieldError>{errors.variables}</FieldError>
            ) : (
              <FieldDescription>Names and default values the workflow reads with $vars.</FieldDescription>
            )}
          </Field>
          <label className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm">
            <span className="grid gap-0.5">
              <span className="font-medium">Shared with all developers</span>
              <span className="text-muted-foreground">Off: only you see this template.</span>
            </span>
            <Switch checked={values.isPublic} onCheckedChange={(isPublic) => set({ isPublic })} aria-label="Shared with all developers" />
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Save template
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
