import { PlusIcon, XIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export type ParseItem = (raw: string) => { ok: true; value: string } | { ok: false; message: string };

interface StringListEditorProps {
  /** The add input's id; its <Label htmlFor> names the whole editor. */
  id: string;
  items: string[];
  onChange: (items: string[]) => void;
  parseItem: ParseItem;
  max: number;
  maxMessage: string;
  placeholder: string;
  addLabel: string;
  /** What one item is called in the remove buttons' names ("Remove question …"). */
  itemNoun: string;
  /** Messages the form's validation gave to single items (index = position). */
  itemErrors?: readonly (string | undefined)[];
  describedBy?: string;
}

/**
 * A short list of strings: each item with a remove button, and an input that adds one (Enter or the button). The
 * item is checked with the contract's own schema before it joins the list, so its message shows right away.
 */
export function StringListEditor({
  id,
  items,
  onChange,
  parseItem,
  max,
  maxMessage,
  placeholder,
  addLabel,
  itemNoun,
  itemErrors,
  describedBy,
}: StringListEditorProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isFull = items.length >= max;

  const add = () => {
    if (!draft.trim()) return;
    const parsed = parseItem(draft);
    if (!parsed.ok) return setProblem(parsed.message);
    if (items.includes(parsed.value)) return setProblem(`"${parsed.value}" is already in the list.`);
    onChange([...items, parsed.value]);
    setDraft('');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the item instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      {items.length > 0 && (
        <ul className="grid gap-2">
          {items.map((item, index) => (
            <li key={item} className="grid gap-1">
              <div className="flex items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3 text-sm">
                <span className="min-w-0 flex-1 break-words">{item}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Remove ${itemNoun} ${item}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <XIcon />
                </Button>
              </div>
              <FieldError>{itemErrors?.[index]}</FieldError>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={isFull ? maxMessage : placeholder}
          disabled={isFull}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? `${id}-error` : null, describedBy].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add()}
        />
        <Button type="button" variant="outline" onClick={add} disabled={isFull || !draft.trim()}>
          <PlusIcon />
          <span className="sr-only sm:not-sr-only">{addLabel}</span>
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{problem}</FieldError>
    </div>
  );
}
