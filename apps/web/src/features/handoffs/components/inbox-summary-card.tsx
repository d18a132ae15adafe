import { ArrowRightIcon, InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useHandoffs } from '../api/get-handoffs';

/** The dashboard home's view of the inbox: visitors waiting for a person and unread messages, with a way in. */
export function InboxSummaryCard() {
  const open = useHandoffs({ status: 'open' });
  return (
    <Card data-testid="inbox-summary-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <InboxIcon className="size-4 text-brand" aria-hidden="true" />
          Inbox
        </CardTitle>
        <CardDescription>Visitors who asked to talk to a person.</CardDescription>
      </CardHeader>
      <CardContent>
        {open.isPending ? (
          <Skeleton className="h-14 w-full" aria-label="Loading the inbox" />
        ) : open.isError ? (
          <LoadErrorAlert query={open} title="Could not load the inbox" />
        ) : (
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-xs text-muted-foreground">Open conversations</dt>
              <dd className="text-2xl font-semibold tabular-nums">{open.data.total}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Unread messages</dt>
              <dd className="text-2xl font-semibold tabular-nums">{open.data.unreadTotal}</dd>
            </div>
          </dl>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.inbox}>
            {open.data && open.data.total > 0 ? 'Answer in the inbox' : 'Open the inbox'}
            <ArrowRightIcon />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
