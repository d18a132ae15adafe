import { Controller } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import type { ChatbotFormApi } from '../utils/chatbot-form-values';
import { FormSection } from './form-section';

const STATUSES = [
  {
    value: 'draft',
    label: 'Draft',
    description: 'Only your team can talk to it, in the test chat. Neither the widget nor the API (/v1) answers yet.',
  },
  { value: 'live', label: 'Live', description: 'The widget answers visitors on your allowed websites and on the demo page, and the API answers your key.' },
] as const;

export function StatusSection({ form }: { form: ChatbotFormApi }) {
  return (
    <FormSection id="chatbot-status" title="Status" description="Keep it a draft while you add training data and try it out.">
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <RadioGroup aria-labelledby="chatbot-status-title" value={field.value} onValueChange={field.onChange} className="grid gap-3 sm:grid-cols-2">
            {STATUSES.map((status) => (
              <Label
                key={status.value}
                htmlFor={`chatbot-status-${status.value}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-4 leading-normal font-normal transition-colors hover:bg-accent/50',
                  field.value === status.value && 'border-primary/60 bg-accent/40',
                )}
              >
                <RadioGroupItem id={`chatbot-status-${status.value}`} value={status.value} className="mt-0.5" />
                <span className="grid gap-1">
                  <span className="font-medium">{status.label}</span>
                  <span className="text-sm text-muted-foreground">{status.description}</span>
                </span>
              </Label>
            ))}
          </RadioGroup>
        )}
      />
    </FormSection>
  );
}
