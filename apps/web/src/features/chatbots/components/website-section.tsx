import { originSchema } from '@parley/shared/contracts/chatbots';
import { Controller } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import type { ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';
import { StringListEditor, type ParseItem } from './string-list-editor';

const MAX_ORIGINS = 20;

/** The contract's own origin check, so the message is the one the server would give. */
const parseOrigin: ParseItem = (raw) => {
  const result = originSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? 'Not a website origin.' };
};

export function WebsiteSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  return (
    <FormSection
      id="chatbot-website"
      title="Website"
      description="The websites where the chat widget may run. It refuses to work anywhere else, so nobody can put your chatbot on their site."
    >
      <Field>
        <Label htmlFor="chatbot-allowed-origin">Allowed origins</Label>
        <Controller
          control={form.control}
          name="allowedOrigins"
          render={({ field }) => (
            <StringListEditor
              id="chatbot-allowed-origin"
              items={field.value}
              onChange={field.onChange}
              parseItem={parseOrigin}
              max={MAX_ORIGINS}
              maxMessage={`At most ${MAX_ORIGINS} allowed origins`}
              placeholder="https://www.example.com"
              addLabel="Add origin"
              itemNoun="origin"
              itemErrors={Array.isArray(errors.allowedOrigins) ? errors.allowedOrigins.map((error) => error?.message) : undefined}
              describedBy="chatbot-allowed-origin-hint"
            />
          )}
        />
        <FieldError>{errors.allowedOrigins?.message ?? errors.allowedOrigins?.root?.message}</FieldError>
        <FieldDescription id="chatbot-allowed-origin-hint">
          Scheme and host, with a port if there is one, such as https://www.example.com or http://localhost:8080 — no path. Parley's own pages, like the demo
          page, are always allowed.
        </FieldDescription>
      </Field>
    </FormSection>
  );
}
