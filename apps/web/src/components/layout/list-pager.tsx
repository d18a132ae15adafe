import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

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
}

/** "26–50 of 130" with previous / next, under a server-paginated list; nothing when everything fits on one page. */
export function ListPager({ page, pageSize, total, onPage, label, busy = false }: ListPagerProps) {
  if (total <= pageSize && page === 1) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="flex items-center justify-between gap-3 text-xs text-muted-foreground" aria-label={label}>
      <span className="tabular-nums">
        {first}–{last} of {total}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
          <ChevronLeftIcon />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
