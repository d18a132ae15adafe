import { HEALTH_SUCCESS_RATE_WARNING_PERCENT } from '@parley/shared/admin-console';
import { ActivityIcon, AlertTriangleIcon, CheckCircle2Icon, GaugeIcon, TimerIcon, XCircleIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useHealthMonitor } from '../api/get-health-monitor';
import { chartPoints, formatMs, isSuccessRateLow } from '../utils/health-summary';
import { ResponseTimeChart } from './response-time-chart';

/** Health monitoring: the server's real probes (every 30 s), success rate and stress flags (spec part 1 §4 "Health"). */
export function HealthMonitorView() {
  const query = useHealthMonitor();
  if (query.isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (query.isError) return <p className="text-sm text-destructive">Health data could not be read: {getErrorMessage(query.error)}</p>;

  const monitor = query.data;
  const points = chartPoints(monitor.probes);
  const last = monitor.probes.at(-1);
  return (
    <div className="grid grid-cols-1 gap-6">
      {isSuccessRateLow(monitor) && (
        <Alert variant="destructive" data-testid="success-rate-warning">
          <AlertTriangleIcon />
          <AlertTitle>Success rate below {HEALTH_SUCCESS_RATE_WARNING_PERCENT}%</AlertTitle>
          <AlertDescription>
            Only {monitor.successRate}% of the last {monitor.probes.length} probes were healthy (answered without error in under 5 s).
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Success Rate" icon={GaugeIcon} value={`${monitor.successRate}%`} footnote={`Of the last ${monitor.probes.length} probes`} />
        <StatCard title="Average Response" icon={TimerIcon} value={formatMs(monitor.averageResponseTimeMs)} footnote="Stress above 2 s" />
        <StatCard
          title="Latest Probe"
          icon={ActivityIcon}
          value={monitor.lastProbeHealthy === null ? '—' : monitor.lastProbeHealthy ? 'Healthy' : 'Unhealthy'}
          footnote={last ? `${formatMs(last.responseTimeMs)} at ${formatDateTime(last.checkedAt)} on ${last.node}` : 'No probe recorded yet'}
        />
        <StatCard
          title="Stress"
          icon={monitor.isStressed ? XCircleIcon : CheckCircle2Icon}
          value={monitor.isStressed ? 'Stressed' : 'Normal'}
          footnote={
            monitor.isStressed ? `${monitor.stressReasons.length} flag${monitor.stressReasons.length === 1 ? '' : 's'} raised` : 'No stress flag raised'
          }
        />
      </div>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Response times</CardTitle>
          <CardDescription>
            The last {points.length} database probes. Red dots are unhealthy probes; the dashed line is the 2 s stress threshold when times come near it.
          </CardDescription>
          <CardAction>{monitor.isStressed ? <Badge variant="destructive">Stressed</Badge> : <Badge variant="outline">Normal</Badge>}</CardAction>
        </CardHeader>
        <CardContent>
          {points.length === 0 ? (
            <p className="py-16 text-center text-sm text-muted-foreground">No probes recorded yet. The server records one every 30 seconds.</p>
          ) : (
            <ResponseTimeChart points={points} />
          )}
        </CardContent>
      </Card>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>Stress flags</CardTitle>
          <CardDescription>Raised when the average response exceeds 2 s, the success rate falls under 95%, or the latest probe was unhealthy.</CardDescription>
        </CardHeader>
        <CardContent>
          {monitor.stressReasons.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-success">
              <CheckCircle2Icon className="size-4" aria-hidden="true" /> None raised.
            </p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {monitor.stressReasons.map((reason) => (
                <li key={reason} className="flex items-start gap-2 text-destructive">
                  <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {reason}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
