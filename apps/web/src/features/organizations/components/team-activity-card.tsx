import { HistoryIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useActivity } from '../api/get-activity';
import { describeMembershipEvent } from '../utils/activity-text';

/** Who joined, left, was invited or changed role, and by whom (the latest 50). */
export function TeamActivityCard({ organizationId }: { organizationId: string }) {
  const activity = useActivity(organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent changes</CardTitle>
        <CardDescription>Invitations, members joining and leaving, and role changes.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <LoadingRows label="Loading recent changes" rows={3} className="h-8 w-full" />
        ) : activity.isError ? (
          <LoadErrorAlert query={activity} title="Could not load recent changes" />
        ) : activity.data.items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <HistoryIcon className="size-4" aria-hidden="true" />
            Nothing has changed yet.
          </p>
        ) : (
          <ol className="max-h-80 space-y-3 overflow-y-auto pr-1" aria-label="Recent changes">
            {activity.data.items.map((event) => (
              <li key={event.id} className="grid gap-0.5 text-sm">
                <span className="break-words">{describeMembershipEvent(event)}</span>
                <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(event.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
