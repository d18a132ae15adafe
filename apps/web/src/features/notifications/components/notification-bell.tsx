import type { UserNotification } from '@parley/shared/contracts/notifications';
import { AlertTriangleIcon, BellIcon, CheckCheckIcon, ExternalLinkIcon, InfoIcon, SirenIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatRelativeTime, unreadBadge } from '../utils/format-relative-time';

const PRIORITY = {
  info: { icon: InfoIcon, className: 'bg-blue-500/10 text-blue-600 dark:text-blue-400', label: 'Info' },
  warning: { icon: AlertTriangleIcon, className: 'bg-amber-500/15 text-amber-600 dark:text-amber-400', label: 'Warning' },
  urgent: { icon: SirenIcon, className: 'bg-destructive/10 text-destructive', label: 'Urgent' },
} as const;

function NotificationItem({ notification, onRead }: { notification: UserNotification; onRead: (id: string) => void }) {
  const priority = PRIORITY[notification.type];
  const Icon = priority.icon;
  return (
    <li>
      <button
        type="button"
        onClick={() => !notification.isRead && onRead(notification.id)}
        className={cn('flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/60', !notification.isRead && 'bg-brand/[0.04]')}
        aria-label={`${notification.isRead ? '' : 'Unread: '}${notification.title}`}
      >
        <span className={cn('mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full', priority.className)} title={priority.label}>
          <Icon className="size-3.5" aria-hidden="true" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-start gap-2">
            <span className={cn('min-w-0 flex-1 text-sm break-words', notification.isRead ? 'font-normal' : 'font-semibold')}>{notification.title}</span>
            {!notification.isRead && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" aria-hidden="true" />}
          </span>
          <span className="text-xs break-words whitespace-pre-line text-muted-foreground">{notification.message}</span>
          <span className="flex items-center gap-3 pt-0.5 text-[11px] text-muted-foreground">
            <time dateTime={notification.createdAt}>{formatRelativeTime(notification.createdAt)}</time>
            {notification.link && /^https?:\/\//i.test(notification.link) && (
              <a
                href={notification.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand hover:underline"
                onClick={(event) => event.stopPropagation()}
              >
                Open link
                <ExternalLinkIcon className="size-3" aria-hidden="true" />
              </a>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The bell in the customer and admin headers: unread count, the latest messages, mark as read. */
export function NotificationBell() {
  const [isOpen, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const badge = unreadBadge(unread);

  return (
    <Popover open={isOpen} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'}>
          <BellIcon />
          {badge && (
            <span
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
              data-testid="notification-unread-count"
            >
              {badge}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0" data-testid="notification-list">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <div>
            <p className="text-sm font-semibold">Notifications</p>
            <p className="text-xs text-muted-foreground">{unread ? `${unread} unread` : 'All caught up'}</p>
          </div>
          <Button variant="ghost" size="sm" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckCheckIcon />
            Mark all as read
          </Button>
        </div>
        <div className="max-h-[min(26rem,70vh)] overflow-y-auto">
          {notifications.isPending ? (
            <div className="grid gap-3 p-4">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : notifications.isError ? (
            <p className="p-6 text-center text-sm text-muted-foreground">Notifications could not be loaded. They will be tried again shortly.</p>
          ) : notifications.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-8 text-center">
              <BellIcon className="size-6 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm font-medium">No notifications yet</p>
              <p className="text-xs text-muted-foreground">Messages from the Parley team will appear here.</p>
            </div>
          ) : (
            <ul className="divide-y">
              {notifications.data.items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onRead={(id) => markRead.mutate(id)} />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
