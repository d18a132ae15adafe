import type { HandoffSummary } from '@parley/shared/contracts/handoffs';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatListTime } from '../utils/handoff-display';
import { HandoffStatusBadge } from './handoff-status-badge';
import { UnreadCount } from './unread-count';

interface HandoffListItemProps {
  handoff: HandoffSummary;
  isSelected: boolean;
  now: number;
  onSelect: (id: string) => void;
}

/** One row of the inbox list: who, on which chatbot, where it stands, the last words, and what is unread. */
export function HandoffListItem({ handoff, isSelected, now, onSelect }: HandoffListItemProps) {
  const hasUnread = handoff.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(handoff.id)}
        aria-current={isSelected ? 'true' : undefined}
        data-testid="handoff-row"
        className={cn(
          'relative grid w-full grid-cols-[minmax(0,1fr)] gap-1.5 px-4 py-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset',
          isSelected && 'bg-accent hover:bg-accent',
        )}
      >
        {isSelected && <span className="absolute inset-y-0 left-0 w-0.5 bg-brand" aria-hidden="true" />}
        <span className="flex items-baseline gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', hasUnread ? 'font-semibold' : 'font-medium')}>{handoff.visitorLabel}</span>
          <time dateTime={handoff.lastMessageAt} title={formatDateTime(handoff.lastMessageAt)} className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {formatListTime(handoff.lastMessageAt, now)}
          </time>
        </span>
        <span className="flex min-w-0 items-center gap-2">
          <HandoffStatusBadge handoff={handoff} now={now} className="min-w-0" />
          <span className="min-w-0 truncate text-xs text-muted-foreground">{handoff.chatbotName}</span>
        </span>
        <span className="flex items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', hasUnread ? 'text-foreground' : 'text-muted-foreground')}>
            {handoff.lastMessagePreview || '—'}
          </span>
          <UnreadCount count={handoff.unreadCount} />
        </span>
      </button>
    </li>
  );
}
