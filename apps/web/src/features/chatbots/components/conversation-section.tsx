import { SUGGESTED_QUESTIONS_MAX } from '@parley/shared/contracts/chatbots';
import { Controller } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { suggestedQuestionSchema, type ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';
import { StringListEditor, type ParseItem } from './string-list-editor';

const parseQuestion: ParseItem = (raw) => {
  const result = suggestedQuestionSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: 'A suggested question has 1 to 200 characters.' };
};

export function ConversationSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  return (
    <FormSection id="chatbot-conversation" title="Conversation" description="What visitors see before they ask anything.">
      <Field>
        <Label htmlFor="chatbot-welcome">Welcome message</Label>
        <Textarea
          id="chatbot-welcome"
          rows={2}
          aria-invalid={errors.welcomeMessage ? true : undefined}
          aria-describedby="chatbot-welcome-hint"
          {...form.register('welcomeMessage')}
        />
        {errors.welcomeMessage ? (
          <FieldError id="chatbot-welcome-hint">The welcome message can be up to 500 characters.</FieldError>
        ) : (
          <FieldDescription id="chatbot-welcome-hint">The chatbot's first message in every conversation.</FieldDescription>
        )}
      </Field>
      <Field>
        <Label htmlFor="chatbot-suggested-question">Suggested questions</Label>
        <Controller
          control={form.control}
          name="suggestedQuestions"
          render={({ field }) => (
            <StringListEditor
              id="chatbot-suggested-question"
              items={field.value}
              onChange={field.onChange}
              parseItem={parseQuestion}
              max={SUGGESTED_QUESTIONS_MAX}
              maxMessage={`At most ${SUGGESTED_QUESTIONS_MAX} suggested questions`}
              placeholder="How do I reset my password?"
              addLabel="Add question"
              itemNoun="question"
              itemErrors={Array.isArray(errors.suggestedQuestions) ? errors.suggestedQuestions.map((error) => error?.message) : undefined}
              describedBy="chatbot-suggested-question-hint"
            />
          )}
        />
        <FieldError>{errors.suggestedQuestions?.message ?? errors.suggestedQuestions?.root?.message}</FieldError>
        <FieldDescription id="chatbot-suggested-question-hint">
          Up to {SUGGESTED_QUESTIONS_MAX}, shown as buttons under the welcome message. Press Enter to add one.
        </FieldDescription>
      </Field>
    </FormSection>
  );
}
