import { CHATBOT_ACTION_HEADERS_MAX } from '@parley/shared/contracts/chatbot-actions';
import { PlusIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { HeaderRow } from '../utils/action-form';

interface HeadersEditorProps {
  /** The id of the field's label. */
  labelledBy: string;
  value: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  isInvalid: boolean;
  /** The id of the text under the editor (its hint or its error). */
  describedBy: string;
}

/** Name and value pairs sent with every call, one row each; empty rows are left out when saved. */
export function HeadersEditor({ labelledBy, value, onChange, isInvalid, describedBy }: HeadersEditorProps) {
  const change = (index: number, patch: Partial<HeaderRow>) => onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="grid gap-2" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {value.map((row, index) => (
        // Rows have no id of their own; the index is stable while one is edited, and removal re-renders the rest.
        <div key={index} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-center gap-2">
          <Input
            aria-label={`Header ${index + 1} name`}
            placeholder="X-Shop-Id"
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-xs"
            aria-invalid={isInvalid && !row.name.trim() ? true : undefined}
            value={row.name}
            onChange={(event) => change(index, { name: event.target.value })}
          />
          <Input
            aria-label={`Header ${index + 1} value`}
            placeholder="acme"
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-xs"
            value={row.value}
            onChange={(event) => change(index, { value: event.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove header ${row.name.trim() || index + 1}`}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={value.length >= CHATBOT_ACTION_HEADERS_MAX}
        onClick={() => onChange([...value, { name: '', value: '' }])}
      >
        <PlusIcon />
        Add header
      </Button>
    </div>
  );
}
