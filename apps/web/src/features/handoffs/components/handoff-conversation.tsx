import { AlertCircleIcon, ArrowLeftIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useHandoff } from '../api/get-handoff';
import { useMarkHandoffRead } from '../api/mark-handoff-read';
import { useDocumentVisible } from '../hooks/use-document-visible';
import { HANDOFF_REASON_LABELS } from '../utils/handoff-display';
import { AgentComposer } from './agent-composer';
import { ConversationTranscript } from './conversation-transcript';
import { HandoffActions } from './handoff-actions';
import { HandoffStatusBadge } from './handoff-status-badge';
import { VisitorContactPanel } from './visitor-contact';

interface HandoffConversationProps {
  handoffId: string;
  now: number;
  /** Back to the list (narrow screens show one pane at a time). */
  onBack: () => void;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="-ml-2 shrink-0 lg:hidden" onClick={onBack} aria-label="Back to the conversations">
      <ArrowLeftIcon />
    </Button>
  );
}

/** The right pane: one handoff's conversation, its status and actions, and the reply box. */
export function HandoffConversation({ handoffId, now, onBack }: HandoffConversationProps) {
  const detail = useHandoff(handoffId);
  const { mutate: markRead } = useMarkHandoffRead();
  const isVisible = useDocumentVisible();
  const markedAt = useRef<string | null>(null);
  const handoff = detail.data?.handoff;

  // What is on screen in a tab in front has been read; a new visitor message while it stays open is read too.
  useEffect(() => {
    if (!handoff || handoff.unreadCount === 0 || !isVisible) return;
    const key = `${handoff.id}@${handoff.lastMessageAt}`;
    if (markedAt.current === key) return;
    markedAt.current = key;
    markRead(handoff.id);
  }, [handoff, isVisible, markRead]);

  if (detail.isPending) {
    return (
      <div className="flex min-h-0 flex-1 flex-col" aria-busy="true" aria-label="Loading conversation">
        <div className="flex items-center gap-2 border-b p-4">
          <BackButton onBack={onBack} />
          <Skeleton className="h-5 w-40" />
        </div>
        <div className="grid gap-4 p-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="ml-auto h-10 w-1/2" />
          <Skeleton className="h-10 w-3/5" />
        </div>
      </div>
    );
  }

  if (detail.isError) {
    const isMissing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b p-4 lg:hidden">
          <BackButton onBack={onBack} />
        </div>
        <div className="m-auto grid max-w-sm justify-items-center gap-3 p-6 text-center" role="alert">
          <AlertCircleIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{isMissing ? 'This conversation was not found.' : 'The conversation could not be loaded.'}</p>
          <p className="text-sm text-muted-foreground">
            {isMissing ? 'It may belong to another organization, or the link is incomplete.' : getErrorMessage(detail.error)}
          </p>
          {!isMissing && (
            <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }

  const current = detail.data.handoff;
  const isClosed = current.status === 'closed';
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="handoff-conversation">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <BackButton onBack={onBack} />
          <div className="grid min-w-0 gap-0.5">
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <h2 className="truncate font-semibold">{current.visitorLabel}</h2>
              <HandoffStatusBadge handoff={current} now={now} />
            </div>
            <p className="truncate text-xs text-muted-foreground" title={`Requested ${formatDateTime(current.requestedAt)}`}>
              {current.chatbotName} · {HANDOFF_REASON_LABELS[current.reason]}
            </p>
          </div>
        </div>
        {!isClosed && <HandoffActions handoffId={current.id} visitorLabel={current.visitorLabel} />}
      </header>
      {detail.data.contact && <VisitorContactPanel contact={detail.data.contact} />}
      <ConversationTranscript
        handoffId={current.id}
        messages={detail.data.messages}
        visitorLabel={current.visitorLabel}
        actionCalls={detail.data.actionCalls}
      />
      <AgentComposer key={current.id} handoffId={current.id} isClosed={isClosed} isWaiting={current.status === 'waiting'} />
    </div>
  );
}
