import { InboxIcon, ArchiveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-error';
import { HANDOFF_PAGE_SIZE, useHandoffs, type HandoffListStatus } from '../api/get-handoffs';
import { HandoffListItem } from './handoff-list-item';

const EMPTY = {
  open: { icon: InboxIcon, title: 'No open conversations.', description: 'When a visitor asks for a person, it appears here.' },
  closed: { icon: ArchiveIcon, title: 'No closed conversations yet.', description: 'Conversations handed back to the bot or ended are kept here.' },
} as const;

interface HandoffListProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: number;
}

function ListSkeleton() {
  return (
    <div className="grid gap-4 p-4" aria-busy="true" aria-label="Loading conversations">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

/** One tab's list, a page at a time. */
function HandoffListPage({ status, selectedId, onSelect, now }: HandoffListProps & { status: HandoffListStatus }) {
  const [page, setPage] = useState(1);
  const list = useHandoffs({ status, page });
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / HANDOFF_PAGE_SIZE));

  // Handoffs leave the open list as they close: a last page that emptied gives way to the one before.
  useEffect(() => {
    if (list.data && page > pageCount) setPage(pageCount);
  }, [list.data, page, pageCount]);

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <div className="grid justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground" role="alert">
        <p>The conversations could not be loaded. {getErrorMessage(list.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.data.items.length === 0) {
    const empty = EMPTY[status];
    return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} className="m-3 border-0 bg-transparent py-10" />;
  }

  return (
    <>
      <ul className="min-h-0 flex-1 divide-y overflow-y-auto" aria-label={status === 'open' ? 'Open conversations' : 'Closed conversations'}>
        {list.data.items.map((handoff) => (
          <HandoffListItem key={handoff.id} handoff={handoff} isSelected={handoff.id === selectedId} now={now} onSelect={onSelect} />
        ))}
      </ul>
      <ListPager
        page={page}
        pageSize={HANDOFF_PAGE_SIZE}
        total={total}
        onPage={setPage}
        label="Conversation pages"
        busy={list.isPlaceholderData}
        compact
        className="border-t px-3 py-2"
      />
    </>
  );
}

/** The left pane: Open and Closed tabs, each a paginated list. */
export function HandoffList(props: HandoffListProps) {
  const [status, setStatus] = useState<HandoffListStatus>('open');
  // The first open page is the one the nav badge keeps fresh, so its total costs nothing extra.
  const openTotal = useHandoffs({ status: 'open' }).data?.total ?? 0;

  return (
    <Tabs value={status} onValueChange={(value) => setStatus(value === 'closed' ? 'closed' : 'open')} className="flex min-h-0 flex-1 flex-col gap-0">
      <div className="border-b p-3">
        <TabsList className="w-full">
          <TabsTrigger value="open">
            Open
            {openTotal > 0 && <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{openTotal}</span>}
          </TabsTrigger>
          <TabsTrigger value="closed">Closed</TabsTrigger>
        </TabsList>
      </div>
      {(['open', 'closed'] as const).map((value) => (
        <TabsContent key={value} value={value} className="flex min-h-0 flex-col">
          <HandoffListPage status={value} {...props} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
