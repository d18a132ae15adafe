import { Controller } from 'react-hook-form';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';
import { WidgetPreview } from './widget-preview';

const POSITIONS = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
] as const;

export function AppearanceSection({ form }: { form: ChatbotFormApi }) {
  const { errors } = form.formState;
  const appearance = form.watch('appearance');
  const welcomeMessage = form.watch('welcomeMessage');
  const appearanceErrors = errors.appearance;

  return (
    <FormSection id="chatbot-appearance" title="Appearance" description="How the chat widget looks on your website.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
        <div className="grid content-start gap-5">
          <Field>
            <Label htmlFor="chatbot-color">Colour</Label>
            <Controller
              control={form.control}
              name="appearance.color"
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label="Pick a colour"
                    className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1"
                    value={/^#[0-9a-f]{6}$/i.test(field.value) ? field.value.toLowerCase() : '#4f46e5'}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                  <Input
                    id="chatbot-color"
                    className="w-32 font-mono"
                    spellCheck={false}
                    maxLength={7}
                    aria-invalid={appearanceErrors?.color ? true : undefined}
                    aria-describedby={appearanceErrors?.color ? 'chatbot-color-error' : undefined}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value.trim())}
                    onBlur={field.onBlur}
                  />
                </div>
              )}
            />
            <FieldError id="chatbot-color-error">{appearanceErrors?.color?.message}</FieldError>
          </Field>
          <Field>
            <Label id="chatbot-position-label">Position</Label>
            <Controller
              control={form.control}
              name="appearance.position"
              render={({ field }) => (
                <RadioGroup aria-labelledby="chatbot-position-label" value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-4">
                  {POSITIONS.map((position) => (
                    <div key={position.value} className="flex items-center gap-2">
                      <RadioGroupItem id={`chatbot-position-${position.value}`} value={position.value} />
                      <Label htmlFor={`chatbot-position-${position.value}`} className="font-normal">
                        {position.label}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
          </Field>
          <Field>
            <Label htmlFor="chatbot-widget-title">Widget title</Label>
            <Input
              id="chatbot-widget-title"
              maxLength={60}
              aria-invalid={appearanceErrors?.title ? true : undefined}
              aria-describedby={appearanceErrors?.title ? 'chatbot-widget-title-error' : undefined}
              {...form.register('appearance.title')}
            />
            <FieldError id="chatbot-widget-title-error">{appearanceErrors?.title?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="chatbot-avatar-url">Avatar URL</Label>
            <Controller
              control={form.control}
              name="appearance.avatarUrl"
              render={({ field }) => (
                <Input
                  id="chatbot-avatar-url"
                  type="url"
                  inputMode="url"
                  placeholder="https://www.example.com/avatar.png"
                  aria-invalid={appearanceErrors?.avatarUrl ? true : undefined}
                  aria-describedby="chatbot-avatar-url-hint"
                  value={field.value ?? ''}
                  // An empty field means "no avatar", which the contract spells null.
                  onChange={(event) => field.onChange(event.target.value.trim() ? event.target.value.trim() : null)}
                  onBlur={field.onBlur}
                />
              )}
            />
            {appearanceErrors?.avatarUrl ? (
              <FieldError id="chatbot-avatar-url-hint">{appearanceErrors.avatarUrl.message}</FieldError>
            ) : (
              <FieldDescription id="chatbot-avatar-url-hint">Optional. A square image shown in the widget's header.</FieldDescription>
            )}
          </Field>
        </div>
        <WidgetPreview
          color={appearance.color}
          position={appearance.position}
          title={appearance.title}
          avatarUrl={appearance.avatarUrl}
          welcomeMessage={welcomeMessage}
        />
      </div>
    </FormSection>
  );
}
