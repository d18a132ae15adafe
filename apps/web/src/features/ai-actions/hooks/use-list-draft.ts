import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { upsertById, type DraftResult } from '../utils/webhook-draft';

/**
 * One list of an action edited through a draft form (its webhooks, its event handlers): the draft being
 * edited with its errors, added or replaced in the list on save, and items removed. The list is saved with
 * the action, so a removal says so; the parent is told while a form is open (its changes are not in the list yet).
 */
export function useListDraft<Item extends { id: string; name: string }, Draft extends { id: string }, Errors extends object>(options: {
  items: Item[];
  onChange: (items: Item[]) => void;
  onEditingChange: (isEditing: boolean) => void;
  fromDraft: (draft: Draft) => DraftResult<Item, Errors>;
  /** "Webhook", "Handler": how a removal's message names the item. */
  noun: string;
}) {
  const { items, onChange, onEditingChange, fromDraft, noun } = options;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const isEditing = draft !== null;
  useEffect(() => onEditingChange(isEditing), [isEditing, onEditingChange]);

  return {
    draft,
    setDraft,
    errors,
    setErrors,
    isNew: draft !== null && !items.some((item) => item.id === draft.id),
    startEditing(next: Draft) {
      setDraft(next);
      setErrors({} as Errors);
    },
    save() {
      if (!draft) return;
      const result = fromDraft(draft);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      onChange(upsertById(items, result.item));
      setDraft(null);
    },
    remove(item: Item) {
      onChange(items.filter((existing) => existing.id !== item.id));
      if (draft?.id === item.id) setDraft(null);
      toast.message(`${noun} “${item.name}” removed`, { description: 'Save the action to keep this change.' });
    },
  };
}
