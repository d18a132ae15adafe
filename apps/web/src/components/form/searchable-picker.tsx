import { SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { SearchInput } from '@/components/layout/search-input';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePickerNames, usePickerPages, type PickerSource } from '@/hooks/use-picker-options';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';

interface SearchablePickerProps {
  /** The trigger's id, for its `<Label htmlFor>`. */
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  source: PickerSource;
  /** What the list holds, in the plural ("chatbots"): "Search chatbots", "No chatbots match …". */
  noun: string;
  /** The choice of none in particular (value null), listed first: "All chatbots". */
  noneLabel: string;
  /** The chosen value when the source no longer has it: "A deleted chatbot". */
  missingLabel: string;
  /** The search box's maximum length (the contract's). */
  searchMaxLength?: number;
  className?: string;
  'aria-invalid'?: boolean;
}

const OPTION_CLASS =
  'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground';

/** Arrow keys move between the options (and from the search box to the first one). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const list = event.currentTarget.closest('[data-slot=popover-content]');
  const options = [...(list?.querySelectorAll<HTMLElement>('[role=option], [data-picker-more]') ?? [])];
  if (options.length === 0) return;
  event.preventDefault();
  const at = options.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, options.length - 1) : at - 1;
  if (next < 0) list?.querySelector<HTMLInputElement>('input')?.focus();
  else options[next]?.focus();
}

/**
 * A select over a server-paginated list: type to search (debounced, on the server), more pages on demand, and the
 * chosen option named even when it is on no page loaded (asked for by id).
 */
export function SearchablePicker({
  id,
  value,
  onChange,
  source,
  noun,
  noneLabel,
  missingLabel,
  searchMaxLength,
  className,
  'aria-invalid': isInvalid,
}: SearchablePickerProps) {
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const pages = usePickerPages(source, search, { enabled: isOpen });
  const options = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const loadedName = value === null ? undefined : options.find((option) => option.id === value)?.name;
  const chosen = usePickerNames(source, [loadedName === undefined ? value : null]);
  const triggerLabel = value === null ? noneLabel : (loadedName ?? chosen.names.get(value) ?? (chosen.isSuccess ? missingLabel : `Loading ${noun}…`));
  const listId = `${id}-options`;

  // Each opening starts from the first page of all options, whatever was typed the time before.
  const openChange = (open: boolean) => {
    setOpen(open);
    if (!open) setText('');
  };
  const choose = (next: string | null) => {
    onChange(next);
    openChange(false);
  };

  return (
    <Popover open={isOpen} onOpenChange={openChange} modal>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-haspopup="listbox"
          aria-invalid={isInvalid}
          className={cn('justify-between font-normal', className)}
        >
          <span className="truncate">{triggerLabel}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-2" onKeyDown={moveFocus}>
        <SearchInput
          value={text}
          onChange={setText}
          placeholder={`Search ${noun}`}
          label={`Search ${noun}`}
          maxLength={searchMaxLength}
          className="sm:max-w-none"
        />
        <div className={cn('mt-2 max-h-64 overflow-y-auto transition-opacity', pages.isPlaceholderData && 'opacity-60')}>
          <div id={listId} role="listbox" aria-label={noun} aria-busy={pages.isFetching}>
            {search === '' && (
              <button type="button" role="option" aria-selected={value === null} className={OPTION_CLASS} onClick={() => choose(null)}>
                <CheckIcon className={cn('size-4', value !== null && 'invisible')} aria-hidden="true" />
                {noneLabel}
              </button>
            )}
            {options.map((option) => (
              <button
                key={option.id}
                type="button"
                role="option"
                aria-selected={option.id === value}
                className={OPTION_CLASS}
                onClick={() => choose(option.id)}
              >
                <CheckIcon className={cn('size-4 shrink-0', option.id !== value && 'invisible')} aria-hidden="true" />
                <span className="truncate">{option.name}</span>
              </button>
            ))}
          </div>
          {pages.isPending ? (
            <p className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
              <Spinner /> Loading {noun}…
            </p>
          ) : pages.isError ? (
            <p className="p-2 text-sm text-destructive" role="alert">
              Could not load {noun}: {getErrorMessage(pages.error)}
            </p>
          ) : options.length === 0 && search !== '' ? (
            <p className="p-2 text-sm text-muted-foreground">
              No {noun} match “{search}”.
            </p>
          ) : null}
          {pages.hasNextPage && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              data-picker-more
              className="mt-1 w-full text-muted-foreground"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage && <Spinner />}
              Load more ({options.length} of {pages.data?.pages.at(-1)?.total})
            </Button>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
