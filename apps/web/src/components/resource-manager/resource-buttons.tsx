import type { UseQueryResult } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

interface ResourceCreateButtonProps {
  label: string;
  /** Said instead of `label` on phones, where the card header is narrow: "New". */
  shortLabel?: string;
  onClick: () => void;
  disabled?: boolean;
}

/** The button that opens a resource's create dialog (or adds a row), in the card header or the empty state. */
export function ResourceCreateButton({ label, shortLabel, onClick, disabled }: ResourceCreateButtonProps) {
  return (
    <Button onClick={onClick} disabled={disabled}>
      <PlusIcon />
      {shortLabel ? (
        <>
          <span className="hidden sm:inline">{label}</span>
          <span className="sm:hidden">{shortLabel}</span>
        </>
      ) : (
        label
      )}
    </Button>
  );
}

/** Loads the list again; spins while it does. `label` names it for screen readers: "Refresh tiers". */
export function ResourceRefreshButton({ query, label }: { query: Pick<UseQueryResult, 'refetch' | 'isFetching'>; label: string }) {
  return (
    <Button variant="ghost" size="icon" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label={label}>
      <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} />
    </Button>
  );
}

interface ResourceRowActionsProps {
  /** The edit button's accessible name: "Edit Pro". */
  editLabel: string;
  onEdit: () => void;
  /** The delete button's accessible name: "Delete Pro". No delete button without `onDelete`. */
  deleteLabel?: string;
  onDelete?: () => void;
  /** Why this item cannot be deleted: the button is then disabled, and the reason is its tooltip. */
  deleteBlocker?: string | null;
}

/** A table row's edit and delete icon buttons, right-aligned. */
export function ResourceRowActions({ editLabel, onEdit, deleteLabel, onDelete, deleteBlocker }: ResourceRowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={editLabel}>
        <PencilIcon />
      </Button>
      {onDelete &&
        (deleteBlocker ? (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer events; the focusable wrapper keeps the reason reachable. */}
              <span tabIndex={0} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                <Button variant="ghost" size="icon" disabled aria-label={`${deleteLabel} (not possible)`}>
                  <Trash2Icon />
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent className="max-w-64">{deleteBlocker}</TooltipContent>
          </Tooltip>
        ) : (
          <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" onClick={onDelete} aria-label={deleteLabel}>
            <Trash2Icon />
          </Button>
        ))}
    </div>
  );
}
