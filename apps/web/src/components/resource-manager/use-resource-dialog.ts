import { useState } from 'react';

type OpenDialog<Item, Kind extends string> = { kind: 'create' } | { kind: Kind; item: Item } | null;

/** The dialogs of a resource manager, of which one at a time is open. */
export interface ResourceDialog<Item, Kind extends string = 'edit' | 'delete'> {
  isCreating: boolean;
  /** The item whose `kind` dialog is open, or null. */
  itemFor: (kind: Kind) => Item | null;
  openCreate: () => void;
  openFor: (kind: Kind, item: Item) => void;
  close: () => void;
}

/**
 * The one dialog a resource manager shows at a time: create, or edit / delete (or another `Kind`, such as a preview)
 * of one item. Opening another replaces it.
 */
export function useResourceDialog<Item, Kind extends string = 'edit' | 'delete'>(): ResourceDialog<Item, Kind> {
  const [open, setOpen] = useState<OpenDialog<Item, Kind>>(null);
  return {
    isCreating: open?.kind === 'create',
    itemFor: (kind) => (open !== null && 'item' in open && open.kind === kind ? open.item : null),
    openCreate: () => setOpen({ kind: 'create' }),
    openFor: (kind, item) => setOpen({ kind, item }),
    close: () => setOpen(null),
  };
}
