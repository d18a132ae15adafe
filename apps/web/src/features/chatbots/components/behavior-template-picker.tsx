import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { useBehaviorTemplateOptions } from '../api/get-behavior-template-options';
import { matchingBehaviorTemplate, type ChatbotFormApi } from '../utils/chatbot-form-values';

/** The Select's value while the prompt matches no template (edited by hand). */
const CUSTOM = 'custom';

/**
 * The behavior templates staff maintain: choosing one puts its system prompt in the field below, which stays
 * editable. Which one is shown follows the field, so a hand-edited prompt reads as "Custom prompt".
 */
export function BehaviorTemplatePicker({ form }: { form: ChatbotFormApi }) {
  const query = useBehaviorTemplateOptions();
  const systemPrompt = form.watch('systemPrompt');

  if (query.isPending) {
    return (
      <Field>
        <Label>Behavior template</Label>
        <Skeleton className="h-9 w-full" aria-label="Loading behavior templates" />
      </Field>
    );
  }
  if (query.isError) {
    return (
      <Field>
        <Label>Behavior template</Label>
        <p className="text-sm text-muted-foreground" role="status">
          Behavior templates could not be loaded ({getErrorMessage(query.error)}). You can still write the prompt yourself.{' '}
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </p>
      </Field>
    );
  }
  const options = query.data;
  if (options.length === 0) return null;
  const selected = matchingBehaviorTemplate(options, systemPrompt);

  const choose = (id: string) => {
    const template = options.find((option) => option.id === id);
    if (!template) return;
    const previous = form.getValues('systemPrompt');
    form.setValue('systemPrompt', template.systemPrompt, { shouldDirty: true, shouldValidate: true });
    // Replacing a prompt written by hand is one click away from being undone.
    if (!selected && previous.trim()) {
      toast(`The system prompt now comes from “${template.name}”.`, {
        action: { label: 'Undo', onClick: () => form.setValue('systemPrompt', previous, { shouldDirty: true, shouldValidate: true }) },
      });
    }
  };

  return (
    <Field>
      <Label htmlFor="chatbot-behavior-template">Behavior template</Label>
      <Select value={selected?.id ?? CUSTOM} onValueChange={choose}>
        <SelectTrigger id="chatbot-behavior-template" className="w-full" aria-describedby="chatbot-behavior-template-hint">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.isDefault ? `${option.name} (default)` : option.name}
            </SelectItem>
          ))}
          {!selected && (
            <SelectItem value={CUSTOM} disabled>
              Custom prompt
            </SelectItem>
          )}
        </SelectContent>
      </Select>
      <FieldDescription id="chatbot-behavior-template-hint">
        {selected
          ? selected.description || 'Its system prompt is filled in below; you can still edit it.'
          : 'The prompt below matches none of the behavior templates. Choosing one replaces it.'}
      </FieldDescription>
    </Field>
  );
}
