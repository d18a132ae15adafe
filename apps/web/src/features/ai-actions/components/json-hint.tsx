import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { FieldDescription } from '@/components/ui/field';
import { checkJsonText } from '../utils/json-text';

/** Under a JSON text field: whether it parses. Text that does not parse is still saved as written (spec §3). */
export function JsonHint({ id, text, emptyText, invalidText }: { id: string; text: string; emptyText: string; invalidText: string }) {
  const check = checkJsonText(text);
  if (check.kind === 'empty') return <FieldDescription id={id}>{emptyText}</FieldDescription>;
  if (check.kind === 'valid') {
    return (
      <FieldDescription id={id} className="flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
        <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
        Valid JSON
      </FieldDescription>
    );
  }
  return (
    <FieldDescription id={id} className="flex items-start gap-1.5 text-amber-700 dark:text-amber-400">
      <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Not valid JSON ({check.detail}). {invalidText}
      </span>
    </FieldDescription>
  );
}
