import { MessagesSquareIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/utils';
import { useHandoffs } from '../api/get-handoffs';
import { useInboxEvents, type InboxConnection } from '../api/use-inbox-events';
import { useNow } from '../hooks/use-now';
import { HandoffConversation } from './handoff-conversation';
import { HandoffList } from './handoff-list';
import { UsageLimitBanner } from './usage-limit-banner';

/** The query parameter holding the open conversation, so that a link (the wait alert e-mail) opens it. */
export const HANDOFF_PARAM = 'handoff';

const CONNECTION_TEXT: Record<InboxConnection, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Updates paused',
};

function ConnectionStatus({ connection }: { connection: InboxConnection }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status" data-testid="inbox-connection">
      <span
        className={cn(
          'size-2 rounded-full',
          connection === 'live' ? 'bg-success' : connection === 'stopped' ? 'bg-muted-foreground/60' : 'animate-pulse bg-amber-500',
        )}
        aria-hidden="true"
      />
      {CONNECTION_TEXT[connection]}
    </p>
  );
}

function UsageLine({ used, limit }: { used: number; limit: number }) {
  if (limit < 0) return <p className="text-xs text-muted-foreground">Live chats this month: {used} (unlimited plan)</p>;
  return (
    <p className="text-xs text-muted-foreground tabular-nums">
      Live chats this month: {used} of {limit}
    </p>
  );
}

function NoSelection() {
  return (
    <div className="m-auto grid max-w-xs justify-items-center gap-2 p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <MessagesSquareIcon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <p className="font-medium">Pick a conversation</p>
      <p className="text-sm text-muted-foreground">Its messages appear here, and you can reply to the visitor.</p>
    </div>
  );
}

/**
 * The live inbox: conversations on the left, the chosen one on the right. Narrow screens show one at a time, with a
 * back button in the conversation.
 */
export function Inbox() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get(HANDOFF_PARAM);
  const connection = useInboxEvents();
  const now = useNow();
  const usage = useHandoffs({ status: 'open' }).data?.usage;

  // Each choice is a history entry, so the browser's back button returns to the list on a phone.
  const select = useCallback(
    (id: string | null) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(HANDOFF_PARAM, id);
        else next.delete(HANDOFF_PARAM);
        return next;
      }),
    [setSearchParams],
  );

  // The panel fills the screen below the page title (about 14rem above and below it), so the list and the
  // conversation scroll inside it and the reply box stays in view; the limit banner takes its room inside the panel.
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        {usage ? <UsageLine used={usage.used} limit={usage.limit} /> : <span />}
        <ConnectionStatus connection={connection} />
      </div>
      <div
        className="grid h-[calc(100svh-14rem)] min-h-[26rem] grid-rows-[auto_minmax(0,1fr)] overflow-hidden rounded-xl border bg-card shadow-xs"
        data-testid="inbox"
      >
        {/* On a phone the open conversation gets the whole panel; the list shows the banner. */}
        {usage?.isLimitReached ? <UsageLimitBanner className={cn('rounded-none border-0 border-b', selectedId && 'max-sm:hidden')} /> : <div />}
        <div className="grid min-h-0 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <section aria-label="Conversations" className={cn('min-h-0 flex-col lg:flex lg:border-r', selectedId ? 'hidden' : 'flex')}>
            <HandoffList selectedId={selectedId} onSelect={select} now={now} />
          </section>
          <section aria-label="Conversation" className={cn('min-h-0 flex-col bg-background/40 lg:flex', selectedId ? 'flex' : 'hidden')}>
            {selectedId ? <HandoffConversation key={selectedId} handoffId={selectedId} now={now} onBack={() => select(null)} /> : <NoSelection />}
          </section>
        </div>
      </div>
    </div>
  );
}
