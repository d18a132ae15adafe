import { CHATBOT_NAME_MAX } from '@parley/shared/contracts/chatbots';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';

export function BasicsSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  return (
    <FormSection id="chatbot-basics" title="Basics" description="How you and your team recognise this chatbot. Visitors see the widget title instead.">
      <Field>
        <Label htmlFor="chatbot-name">Name</Label>
        <Input
          id="chatbot-name"
          maxLength={CHATBOT_NAME_MAX}
          placeholder="Help centre assistant"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'chatbot-name-error' : undefined}
          {...form.register('name')}
        />
        <FieldError id="chatbot-name-error">{errors.name?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="chatbot-description">Description</Label>
        <Textarea
          id="chatbot-description"
          rows={2}
          placeholder="Answers customers' questions from our product documentation."
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="chatbot-description-hint"
          {...form.register('description')}
        />
        {errors.description ? (
          <FieldError id="chatbot-description-hint">{errors.description.message}</FieldError>
        ) : (
          <FieldDescription id="chatbot-description-hint">Optional, for your own overview. Up to 500 characters.</FieldDescription>
        )}
      </Field>
    </FormSection>
  );
}
