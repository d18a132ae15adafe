import { ADMIN_MESSAGES, RECENT_ACTIVITY_LIMIT } from '@parley/shared/admin-console';
import { HistoryIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, humanize, shortId } from '@/lib/format';
import { useRecentActivity } from '../api/get-recent-activity';

/** Spec part 1 §2 "Recent System Activity": the 5 latest entries with a resource-type badge. */
export function RecentActivityCard({ action }: { action?: ReactNode }) {
  const query = useRecentActivity();
  const items = query.data?.items.slice(0, RECENT_ACTIVITY_LIMIT) ?? [];
  return (
    <Card className="gap-4" data-testid="recent-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HistoryIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Recent System Activity
        </CardTitle>
        <CardDescription>The latest admin actions.</CardDescription>
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading recent activity" rows={3} className="h-10" containerClassName="gap-3" />
        ) : query.isError ? (
          <p className="text-sm text-destructive">Recent activity could not be read: {getErrorMessage(query.error)}</p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{ADMIN_MESSAGES.noRecentActivity}</p>
        ) : (
          <ul className="divide-y">
            {items.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{humanize(entry.action)}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    {' · '}
                    {entry.adminUserId ? `by ${shortId(entry.adminUserId)}` : ADMIN_MESSAGES.systemActor}
                  </p>
                </div>
                <Badge variant="secondary" className="shrink-0">
                  {entry.resourceType}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
