import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActivityLogs } from '../api/get-activity-logs';
import { ActivityLogsTable } from './activity-logs-table';
import { ActivitySummaryCards } from './activity-summary-cards';

/** The activity log page's content: the three cards and the table of the 100 newest entries. */
export function ActivityLogsView() {
  const query = useActivityLogs();
  const { error, errorUpdatedAt } = query;

  // Spec part 1 §8: a failed load says so in a toast titled 'Error'.
  useEffect(() => {
    if (error) toast.error(ADMIN_MESSAGES.activityLoadFailedTitle, { description: ADMIN_MESSAGES.activityLoadFailed });
  }, [error, errorUpdatedAt]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <ActivitySummaryCards summary={query.data?.summary} isLoading={query.isPending} />
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Recent admin activity</CardTitle>
          <CardDescription>The 100 newest entries, newest first. Hover a row’s details to read them in full.</CardDescription>
          <CardAction>
            <Button variant="ghost" size="icon" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label="Refresh activity logs">
              <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} />
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="px-0 sm:px-6">
          {query.isPending ? (
            <LoadingRows label="Loading activity logs" rows={5} className="h-10" containerClassName="px-6 sm:px-0" />
          ) : query.isError ? (
            <div className="px-6 sm:px-0">
              <LoadErrorAlert query={query} title={ADMIN_MESSAGES.activityLoadFailed} />
            </div>
          ) : (
            <ActivityLogsTable items={query.data.items} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
