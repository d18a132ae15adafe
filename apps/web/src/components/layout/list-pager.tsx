import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface ListPagerProps {
  page: number;
  pageSize: number;
  /** How many items the list has in all (the server's count for the current filter). */
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers ("Export pages"). */
  label: string;
  /** While the next page loads: the buttons wait, so a second click cannot skip a page. */
  busy?: boolean;
  /** What the list holds, singular and plural: when everything fits on one page, the count is still said ("3 deliveries"), for lists that say it nowhere else. */
  noun?: readonly [one: string, other: string];
  /** Icon buttons only, for narrow columns. */
  compact?: boolean;
  className?: string;
}

/**
 * "26–50 of 130" with previous / next, under a server-paginated list: every paginated list's pager. Nothing when the
 * list is empty; when everything fits on one page, only the count with a `noun`, else nothing.
 */
export function ListPager({ page, pageSize, total, onPage, label, busy = false, noun, compact = false, className }: ListPagerProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) {
    if (!noun) return null;
    return <p className={cn('text-xs text-muted-foreground tabular-nums', className)}>{`${total} ${total === 1 ? noun[0] : noun[1]}`}</p>;
  }
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const buttonText = compact ? 'sr-only' : 'sr-only sm:not-sr-only';
  return (
    <nav className={cn('flex items-center justify-between gap-3 text-xs text-muted-foreground', className)} aria-label={label}>
      <span className="tabular-nums">
        {first}–{last} of {total}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
          <ChevronLeftIcon />
          <span className={buttonText}>Previous</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
          <span className={buttonText}>Next</span>
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
