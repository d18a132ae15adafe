import { SECURITY_MESSAGES, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { ActivityIcon, CoinsIcon, DollarSignIcon, GaugeIcon, TimerIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { StatCard } from '@/components/layout/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCompactNumber, formatLatency, formatNumber } from '@/lib/format';
import { useApiUsage } from '../api/get-api-usage';
import { formatCost, timeframeLabel } from '../utils/security-format';
import { ApiCallsChart } from './api-calls-chart';

/** Spec §2 API Usage tab: the analytics of §3 (total_calls, error_rate, total_cost, total_tokens, avg_processing_time_ms). */
export function ApiUsagePanel({ hours }: { hours: SecurityTimeframeHours }) {
  const query = useApiUsage(hours);
  if (query.isPending) return <LoadingRows label="Loading API usage" rows={3} className="h-28" />;
  if (query.isError) return <LoadErrorAlert query={query} title={SECURITY_MESSAGES.metricsFailed} />;
  const usage = query.data;
  const { analytics } = usage;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard title="Total calls" icon={ActivityIcon} value={formatNumber(analytics.total_calls)} footnote={timeframeLabel(hours)} />
        <StatCard title="Error rate" icon={GaugeIcon} value={`${analytics.error_rate}%`} footnote="Status 400 or more" />
        <StatCard title="Total cost" icon={DollarSignIcon} value={formatCost(analytics.total_cost)} footnote="Estimated, from list prices" />
        <StatCard title="Total tokens" icon={CoinsIcon} value={formatCompactNumber(analytics.total_tokens)} footnote="Chat answers" />
        <StatCard title="Avg processing time" icon={TimerIcon} value={formatLatency(analytics.avg_processing_time_ms)} footnote="Per call" />
      </div>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>API calls over time</CardTitle>
          <CardDescription>
            Calls per {usage.bucketMinutes === 60 ? 'hour' : '6 hours'} in the {timeframeLabel(hours)}: succeeded, failed, and refused by a rate limit.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {analytics.total_calls === 0 ? (
            <p className="py-16 text-center text-sm text-muted-foreground">No API calls in the {timeframeLabel(hours)}.</p>
          ) : (
            <ApiCallsChart usage={usage} />
          )}
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="gap-3 lg:col-span-2">
          <CardHeader>
            <CardTitle>Busiest routes</CardTitle>
            <CardDescription>The 10 routes called most, by route pattern.</CardDescription>
          </CardHeader>
          <CardContent>
            {usage.routes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No calls yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Route</TableHead>
                      <TableHead className="text-right">Calls</TableHead>
                      <TableHead className="text-right">Errors</TableHead>
                      <TableHead className="text-right">Avg</TableHead>
                      <TableHead className="text-right">Cost</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {usage.routes.map((route) => (
                      <TableRow key={`${route.method} ${route.route}`} data-testid="api-route-row">
                        <TableCell className="max-w-80 truncate font-mono text-xs" title={`${route.method} ${route.route}`}>
                          <span className="mr-1 text-muted-foreground">{route.method}</span>
                          {route.route}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatNumber(route.calls)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatNumber(route.errors)}</TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">{formatLatency(route.avgMs)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatCost(route.cost)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </CardContent>
        </Card>
        <Card className="gap-3">
          <CardHeader>
            <CardTitle>Rate-limit refusals</CardTitle>
            <CardDescription>Refusals per limit, and how many callers hit it.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {usage.rateLimits.length === 0 ? (
              <p className="text-sm text-muted-foreground">No request was refused.</p>
            ) : (
              <ul className="grid gap-2">
                {usage.rateLimits.map((limit) => (
                  <li key={limit.limit} className="flex items-center justify-between gap-2 text-sm">
                    <Badge variant="outline" className="font-mono">
                      {limit.limit}
                    </Badge>
                    <span className="text-muted-foreground tabular-nums">
                      {formatNumber(limit.hits)} from {formatNumber(limit.subjects)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="grid gap-1 border-t pt-3 text-sm">
              <p className="font-medium">Callers</p>
              <p className="text-muted-foreground">
                {formatNumber(usage.callers.users)} signed-in users · {formatNumber(usage.callers.apiKeys)} API keys · {formatNumber(usage.callers.anonymous)}{' '}
                anonymous calls
              </p>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
