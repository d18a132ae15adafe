import { useHandoffs } from '../api/get-handoffs';
import { UnreadCount } from './unread-count';

/** The unread count beside "Inbox" in the dashboard nav (the first open page's query carries the organization's total). */
export function InboxNavBadge() {
  const unread = useHandoffs({ status: 'open' }).data?.unreadTotal ?? 0;
  return <UnreadCount count={unread} className="ml-auto" data-testid="inbox-unread-total" />;
}
