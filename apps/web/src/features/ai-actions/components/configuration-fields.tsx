import { ACTION_CONFIG_MAX, ACTION_INSTRUCTIONS_MAX } from '@parley/shared/contracts/ai-actions';
import type { UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { TemplateFormValues } from '../utils/template-form-values';
import { JsonHint } from './json-hint';
import { McpServerFields } from './mcp-server-fields';

/** Configuration tab: the MCP server the template may point to, the template configuration (JSON, kept as text if it does not parse) and the instructions. */
export function ConfigurationFields({ form }: { form: UseFormReturn<TemplateFormValues> }) {
  const { errors } = form.formState;
  const config = form.watch('templateConfig');
  return (
    <div className="grid gap-5">
      <McpServerFields form={form} />
      <Field>
        <Label htmlFor="action-config">Template configuration (JSON)</Label>
        <Textarea
          id="action-config"
          rows={8}
          maxLength={ACTION_CONFIG_MAX}
          spellCheck={false}
          className="max-h-72 font-mono text-xs md:text-xs"
          placeholder={'{\n  "fields": ["email", "name"]\n}'}
          aria-invalid={errors.templateConfig ? true : undefined}
          aria-describedby="action-config-hint"
          {...form.register('templateConfig')}
        />
        {errors.templateConfig ? (
          <FieldError id="action-config-hint">{errors.templateConfig.message}</FieldError>
        ) : (
          <JsonHint
            id="action-config-hint"
            text={config}
            emptyText="Settings the action reads when it runs, as a JSON object. Empty is allowed."
            invalidText="It will be saved as text, exactly as written."
          />
        )}
      </Field>
      <Field>
        <Label htmlFor="action-instructions">Instructions template</Label>
        <Textarea
          id="action-instructions"
          rows={6}
          maxLength={ACTION_INSTRUCTIONS_MAX}
          className="max-h-72"
          placeholder="Tell the assistant when to use this action and what to ask the visitor first."
          aria-invalid={errors.instructionsTemplate ? true : undefined}
          aria-describedby="action-instructions-hint"
          {...form.register('instructionsTemplate')}
        />
        {errors.instructionsTemplate ? (
          <FieldError id="action-instructions-hint">{errors.instructionsTemplate.message}</FieldError>
        ) : (
          <FieldDescription id="action-instructions-hint">Optional. Up to {ACTION_INSTRUCTIONS_MAX.toLocaleString('en')} characters.</FieldDescription>
        )}
      </Field>
    </div>
  );
}
