import { ACTION_STATS_PAGE_SIZE, type ActionStat } from '@parley/shared/contracts/analytics';
import { ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatLatency, formatNumber, formatRatio } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { AnalyticsParams } from '../api/get-analytics-summary';
import { useActionStats } from '../api/get-action-stats';

/** Under this share of successful calls an action is marked: its endpoint or its description needs a look. */
const LOW_SUCCESS_RATE = 0.9;

function ActionRow({ stat, showChatbot }: { stat: ActionStat; showChatbot: boolean }) {
  const isLow = stat.successRate < LOW_SUCCESS_RATE;
  return (
    <TableRow data-testid="action-stat">
      <TableCell className="max-w-56">
        <code className="block truncate font-mono text-xs font-medium" title={stat.actionName}>
          {stat.actionName}
        </code>
        <span className="block truncate text-xs text-muted-foreground">
          {showChatbot && `${stat.chatbotName} · `}
          {stat.actionId === null ? 'deleted · ' : ''}last called {formatDateTime(stat.lastCalledAt)}
        </span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(stat.calls)}</TableCell>
      <TableCell className="text-right">
        <Badge
          variant="outline"
          className={cn('tabular-nums', isLow ? 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400' : 'text-success')}
          title={`${formatNumber(stat.succeeded)} of ${formatNumber(stat.calls)} succeeded`}
        >
          {formatRatio(stat.successRate)}
        </Badge>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatLatency(stat.avgDurationMs)}</TableCell>
      <TableCell className="max-w-72">
        {stat.lastError ? (
          <span className="block truncate text-xs text-red-700 dark:text-red-300" title={`${stat.lastError} (${formatDateTime(stat.lastErrorAt!)})`}>
            {stat.lastError}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">None</span>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The chatbots' actions in the period: for each action its calls, how many succeeded, how long they took and the last
 * error, most called first, a page at a time. Visitors' conversations only, as every figure here.
 */
export function ActionStatsCard({ params }: { params: AnalyticsParams }) {
  const [page, setPage] = useState(1);
  const query = useActionStats(params, page);
  const totals = query.data?.totals;

  return (
    <Card className="min-w-0 gap-4" data-testid="action-stats">
      <CardHeader>
        <CardTitle>Actions</CardTitle>
        <CardDescription>
          {totals && totals.calls > 0
            ? `${formatNumber(totals.calls)} ${totals.calls === 1 ? 'call' : 'calls'} in the period, ${formatRatio(totals.successRate)} succeeded, ${formatLatency(totals.avgDurationMs)} on average.`
            : 'The webhooks and tools your chatbots called while answering visitors.'}
        </CardDescription>
      </CardHeader>
      <CardContent className={cn('grid gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        {query.isPending ? (
          <LoadingRows label="Loading actions" rows={3} className="h-12" containerClassName="gap-3" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Actions could not be loaded" />
        ) : query.data.items.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed py-10 text-center">
            <ZapIcon className="size-6 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">No action was called in this period.</p>
          </div>
        ) : (
          <>
            <Table aria-label="Calls per action">
              <TableHeader>
                <TableRow>
                  <TableHead>Action</TableHead>
                  <TableHead className="text-right">Calls</TableHead>
                  <TableHead className="text-right">Success rate</TableHead>
                  <TableHead className="text-right">Average</TableHead>
                  <TableHead>Last error</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.items.map((stat) => (
                  <ActionRow key={`${stat.chatbotId}:${stat.actionName}`} stat={stat} showChatbot={!params.chatbotId} />
                ))}
              </TableBody>
            </Table>
            <ListPager
              page={page}
              pageSize={ACTION_STATS_PAGE_SIZE}
              total={query.data.total}
              onPage={setPage}
              label="Action pages"
              busy={query.isFetching}
              noun={['action', 'actions']}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
