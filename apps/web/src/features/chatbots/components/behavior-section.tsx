import { MODEL_PROVIDERS, SYSTEM_PROMPT_MAX } from '@parley/shared/contracts/chatbots';
import { Controller } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { MODEL_PROVIDER_DESCRIPTIONS, MODEL_PROVIDER_LABELS } from '../utils/chatbot-display';
import { DEFAULT_MODEL_NAMES, isModelProvider, type ChatbotFormApi } from '../utils/chatbot-form-values';
import { BehaviorTemplatePicker } from './behavior-template-picker';
import { FormSection } from './form-section';

function toNumber(value: string): number {
  // An emptied number field stays NaN so the contract reports it rather than silently saving 0.
  return value.trim() === '' ? Number.NaN : Number(value);
}

export function BehaviorSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  const provider = form.watch('modelProvider');

  return (
    <FormSection
      id="chatbot-behavior"
      title="Behavior"
      description="The instructions the chatbot follows and how it writes its answers. Answers always come from your training data."
    >
      <BehaviorTemplatePicker form={form} />
      <Field>
        <Label htmlFor="chatbot-system-prompt">System prompt</Label>
        <Textarea
          id="chatbot-system-prompt"
          rows={5}
          maxLength={SYSTEM_PROMPT_MAX}
          className="max-h-80"
          aria-invalid={errors.systemPrompt ? true : undefined}
          aria-describedby="chatbot-system-prompt-hint"
          {...form.register('systemPrompt')}
        />
        {errors.systemPrompt ? (
          <FieldError id="chatbot-system-prompt-hint">{errors.systemPrompt.message}</FieldError>
        ) : (
          <FieldDescription id="chatbot-system-prompt-hint">
            Tone, audience and rules. Language models follow it; the built-in answerer does not.
          </FieldDescription>
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field className="content-start">
          <Label htmlFor="chatbot-model-provider">Answer model</Label>
          <Controller
            control={form.control}
            name="modelProvider"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  if (!isModelProvider(value)) return;
                  field.onChange(value);
                  form.setValue('modelName', DEFAULT_MODEL_NAMES[value], { shouldDirty: true, shouldValidate: true });
                }}
              >
                <SelectTrigger id="chatbot-model-provider" className="w-full" aria-describedby="chatbot-model-provider-hint" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MODEL_PROVIDERS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {MODEL_PROVIDER_LABELS[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldDescription id="chatbot-model-provider-hint">{MODEL_PROVIDER_DESCRIPTIONS[provider]}</FieldDescription>
        </Field>
        {provider !== 'builtin' && (
          <Field className="content-start">
            <Label htmlFor="chatbot-model-name">Model name</Label>
            <Input
              id="chatbot-model-name"
              placeholder={DEFAULT_MODEL_NAMES[provider]}
              aria-invalid={errors.modelName ? true : undefined}
              aria-describedby="chatbot-model-name-hint"
              {...form.register('modelName')}
            />
            {errors.modelName ? (
              <FieldError id="chatbot-model-name-hint">Enter the model's name, such as {DEFAULT_MODEL_NAMES[provider]}.</FieldError>
            ) : (
              <FieldDescription id="chatbot-model-name-hint">
                {provider === 'openai' ? 'For example gpt-4o-mini or gpt-4o.' : 'The name the server knows it by, for example llama3.1.'}
              </FieldDescription>
            )}
          </Field>
        )}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field className="content-start">
          <Label htmlFor="chatbot-temperature">Temperature</Label>
          <Controller
            control={form.control}
            name="temperature"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <input
                  type="range"
                  min={0}
                  max={2}
                  step={0.1}
                  aria-label="Temperature slider"
                  className="h-2 flex-1 cursor-pointer accent-primary"
                  value={Number.isFinite(field.value) ? field.value : 0}
                  onChange={(event) => field.onChange(toNumber(event.target.value))}
                />
                <Input
                  id="chatbot-temperature"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={2}
                  step={0.1}
                  className="w-20"
                  aria-invalid={errors.temperature ? true : undefined}
                  aria-describedby="chatbot-temperature-hint"
                  value={Number.isFinite(field.value) ? field.value : ''}
                  onChange={(event) => field.onChange(toNumber(event.target.value))}
                  onBlur={field.onBlur}
                />
              </div>
            )}
          />
          {errors.temperature ? (
            <FieldError id="chatbot-temperature-hint">Temperature must be between 0 and 2</FieldError>
          ) : (
            <FieldDescription id="chatbot-temperature-hint">Lower is more literal, higher more varied (0–2). Language models only.</FieldDescription>
          )}
        </Field>
        <Field className="content-start">
          <Label htmlFor="chatbot-top-k">Passages per answer</Label>
          <Input
            id="chatbot-top-k"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            className="w-24"
            aria-invalid={errors.retrievalTopK ? true : undefined}
            aria-describedby="chatbot-top-k-hint"
            {...form.register('retrievalTopK', { setValueAs: (value: string | number) => (typeof value === 'number' ? value : toNumber(value)) })}
          />
          {errors.retrievalTopK ? (
            <FieldError id="chatbot-top-k-hint">Choose a whole number from 1 to 20.</FieldError>
          ) : (
            <FieldDescription id="chatbot-top-k-hint">How many passages of your documents are looked up for each question (1–20).</FieldDescription>
          )}
        </Field>
      </div>
    </FormSection>
  );
}
