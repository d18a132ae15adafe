import { cn } from '@/lib/utils';
import { unreadBadgeText } from '../utils/handoff-display';

/** A small round count of unread visitor messages; nothing when there are none. */
export function UnreadCount({ count, className, ...props }: { count: number; className?: string; 'data-testid'?: string }) {
  const text = unreadBadgeText(count);
  if (!text) return null;
  return (
    <span
      {...props}
      className={cn(
        'inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-[11px] leading-none font-semibold text-brand-foreground tabular-nums',
        className,
      )}
    >
      {text}
      <span className="sr-only"> unread</span>
    </span>
  );
}
