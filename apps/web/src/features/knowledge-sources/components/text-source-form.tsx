import { zodResolver } from '@hookform/resolvers/zod';
import { createTextSourceBodySchema } from '@parley/shared/contracts/knowledge-sources';
import { PlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAddTextSource } from '../api/add-text-source';
import { useTextCost } from '../api/estimate-source-cost';
import { SourceCost } from './source-cost';

/** How long typing pauses before the text's cost is asked for. */
const COST_DEBOUNCE_MS = 400;

/** Pasted text becomes a source of its own, named by the user. */
export function TextSourceForm({ chatbotId }: { chatbotId: string }) {
  const addText = useAddTextSource();
  const form = useForm({ resolver: zodResolver(createTextSourceBodySchema), defaultValues: { name: '', text: '' } });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name');
  const text = form.watch('text');
  const body = { name: useDebouncedValue(name, COST_DEBOUNCE_MS), text: useDebouncedValue(text, COST_DEBOUNCE_MS) };
  const cost = useTextCost(chatbotId, body);
  // The cost shown is the cost of what is in the form now: Add waits for it, and stays off when it does not fit.
  const isCurrent = body.name === name && body.text === text && !cost.isFetching;
  const canAdd = isCurrent && cost.data?.fits === true;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await addText.mutateAsync({ chatbotId, body });
      toast.success(`${body.name} is added and queued for processing.`);
      form.reset();
    } catch (error) {
      toast.error(`Could not add the text: ${getErrorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field>
        <Label htmlFor="text-source-name">Source name</Label>
        <Input
          id="text-source-name"
          placeholder="Returns policy"
          maxLength={200}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'text-source-name-error' : undefined}
          {...form.register('name')}
        />
        <FieldError id="text-source-name-error">{errors.name?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="text-source-text">Text</Label>
        <Textarea
          id="text-source-text"
          rows={8}
          className="max-h-96 min-h-40"
          placeholder="Paste an FAQ, a policy or any text your chatbot should know."
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'text-source-text-error' : undefined}
          {...form.register('text')}
        />
        <FieldError id="text-source-text-error">{errors.text?.message}</FieldError>
      </Field>
      {cost.data && isCurrent && <SourceCost estimate={cost.data} />}
      {cost.isError && isCurrent && (
        <p className="text-sm text-destructive" role="alert">
          {`Could not work out the cost: ${getErrorMessage(cost.error)}`}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={isSubmitting || !canAdd}>
        {isSubmitting ? <Spinner /> : <PlusIcon />}
        Add text
      </Button>
    </form>
  );
}
