import { WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@parley/shared/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';

/** The event catalogue as checkboxes: the type as sent, what it means, and whether it is sent yet. */
export function EventTypesField({
  value,
  onChange,
  isInvalid,
  idPrefix,
}: {
  value: WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  isInvalid: boolean;
  idPrefix: string;
}) {
  const toggle = (type: WebhookEventType, checked: boolean) =>
    onChange(checked ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || value.includes(t)) : value.filter((t) => t !== type));
  return (
    <div className="grid gap-2 sm:grid-cols-2" role="group" aria-invalid={isInvalid}>
      {WEBHOOK_EVENT_TYPES.map((type) => {
        const info = WEBHOOK_EVENT_CATALOGUE[type];
        const id = `${idPrefix}-${type.replace('.', '-')}`;
        return (
          <label
            key={type}
            htmlFor={id}
            className="flex cursor-pointer items-start gap-2.5 rounded-md border p-2.5 text-sm has-[button[data-state=checked]]:border-primary/50 has-[button[data-state=checked]]:bg-primary/5"
          >
            <Checkbox id={id} checked={value.includes(type)} onCheckedChange={(checked) => toggle(type, checked === true)} className="mt-0.5" />
            <span className="grid min-w-0 gap-0.5">
              <span className="flex flex-wrap items-center gap-1.5">
                <code className="font-mono text-xs font-medium">{type}</code>
                {!info.isEmitted && (
                  <Badge variant="outline" className="h-4 px-1 text-[10px]">
                    not sent yet
                  </Badge>
                )}
              </span>
              <span className="text-xs text-muted-foreground">{info.description}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
