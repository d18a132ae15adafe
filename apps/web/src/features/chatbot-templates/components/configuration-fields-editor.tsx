import { TEMPLATE_DIFFICULTIES, TEMPLATE_LABEL_MAX, WELCOME_MESSAGE_MAX } from '@parley/shared/contracts/chatbot-templates';
import { SUGGESTED_QUESTIONS_MAX, SYSTEM_PROMPT_MAX } from '@parley/shared/contracts/chatbots';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import type { ConfigurationFields } from '../utils/template-configuration';

interface EditorProps {
  fields: ConfigurationFields;
  onChange: (patch: Partial<ConfigurationFields>) => void;
}

function TextField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <Field className="content-start">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} maxLength={TEMPLATE_LABEL_MAX} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

function LinesField({
  id,
  label,
  value,
  onChange,
  hint,
  rows = 3,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  rows?: number;
}) {
  return (
    <Field className="content-start">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} rows={rows} className="min-h-20" value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`} />
      <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>
    </Field>
  );
}

/** The configuration's keys as form fields: the catalogue facts, then what the template prefills in the builder. */
export function ConfigurationFieldsEditor({ fields, onChange }: EditorProps) {
  const difficulties: string[] = [...TEMPLATE_DIFFICULTIES];
  // A value typed in the JSON view that is not one of the choices stays visible (the save then explains it).
  if (fields.difficulty && !difficulties.includes(fields.difficulty)) difficulties.push(fields.difficulty);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="template-category" label="Category" value={fields.category} onChange={(category) => onChange({ category })} placeholder="General" />
        <TextField id="template-industry" label="Industry" value={fields.industry} onChange={(industry) => onChange({ industry })} placeholder="General" />
        <Field>
          <Label htmlFor="template-difficulty">Difficulty</Label>
          <Select value={fields.difficulty} onValueChange={(difficulty) => onChange({ difficulty })}>
            <SelectTrigger id="template-difficulty" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {difficulties.map((option) => (
                <SelectItem key={option} value={option}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <TextField
          id="template-setup-time"
          label="Setup time"
          value={fields.setupTime}
          onChange={(setupTime) => onChange({ setupTime })}
          placeholder="10 mins"
        />
        <LinesField
          id="template-features"
          label="Features"
          value={fields.features}
          onChange={(features) => onChange({ features })}
          hint="One per line. Cards show the first two."
        />
        <LinesField id="template-use-cases" label="Use cases" value={fields.useCases} onChange={(useCases) => onChange({ useCases })} hint="One per line." />
        <Field className="sm:col-span-2">
          <Label htmlFor="template-id">Template ID</Label>
          <Input
            id="template-id"
            value={fields.templateId}
            onChange={(event) => onChange({ templateId: event.target.value })}
            placeholder="customer-support"
            aria-describedby="template-id-hint"
          />
          <FieldDescription id="template-id-hint">Optional stable identifier: letters, digits, hyphens and underscores.</FieldDescription>
        </Field>
      </div>
      <Separator />
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Prefill in the chatbot builder</h3>
        <p className="text-xs text-muted-foreground">
          Optional. A customer who starts from this template gets its name and description plus these settings; anything left blank keeps the builder’s default
          (the default behavior template’s prompt).
        </p>
      </div>
      <Field>
        <Label htmlFor="template-system-prompt">System prompt</Label>
        <Textarea
          id="template-system-prompt"
          rows={5}
          maxLength={SYSTEM_PROMPT_MAX}
          className="max-h-72 font-mono text-xs leading-relaxed"
          value={fields.systemPrompt}
          onChange={(event) => onChange({ systemPrompt: event.target.value })}
        />
      </Field>
      <Field>
        <Label htmlFor="template-welcome-message">Welcome message</Label>
        <Input
          id="template-welcome-message"
          maxLength={WELCOME_MESSAGE_MAX}
          value={fields.welcomeMessage}
          onChange={(event) => onChange({ welcomeMessage: event.target.value })}
          placeholder="Hi! How can I help?"
        />
      </Field>
      <LinesField
        id="template-suggested-questions"
        label="Suggested questions"
        value={fields.suggestedQuestions}
        onChange={(suggestedQuestions) => onChange({ suggestedQuestions })}
        hint={`One per line, at most ${SUGGESTED_QUESTIONS_MAX}.`}
      />
    </div>
  );
}
