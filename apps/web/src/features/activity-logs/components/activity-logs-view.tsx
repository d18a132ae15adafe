import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
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
            <div className="grid gap-2 px-6 sm:px-0">
              {[0, 1, 2, 3, 4].map((key) => (
                <Skeleton key={key} className="h-10" />
              ))}
            </div>
          ) : query.isError ? (
            <p className="px-6 text-sm text-destructive sm:px-0">
              {ADMIN_MESSAGES.activityLoadFailed}: {getErrorMessage(query.error)}
            </p>
          ) : (
            <ActivityLogsTable items={query.data.items} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
