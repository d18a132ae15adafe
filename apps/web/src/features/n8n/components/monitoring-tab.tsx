import { N8N_TIME_RANGES, type N8nFigures, type N8nMonitoring, type N8nTimeRange } from '@parley/shared/contracts/n8n';
import { ActivityIcon, AlertTriangleIcon, GaugeIcon, PlayIcon, TimerIcon, WebhookIcon, WorkflowIcon, XCircleIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { StatCard } from '@/components/layout/stat-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber, formatTime } from '@/lib/format';
import { useMonitoring } from '../api/get-monitoring';
import { HealthBadge } from './health-badge';
import { RecentDocuments } from './recent-documents';
import { RecentRequests } from './recent-requests';
import { WorkflowStatusBadge } from './workflow-status-badge';

const RANGE_LABELS: Record<N8nTimeRange, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

export const formatRate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** Why auto fallback skips n8n, since when, and when n8n gets the next document again. */
function autoFallbackText(state: N8nMonitoring['autoFallback'], threshold: number): string {
  const since = state.since ? `Since ${formatTime(state.since)}: ` : '';
  const until = state.retryAt ? formatTime(state.retryAt) : 'those documents are older than the window';
  return (
    `${since}n8n made the chunks of only ${state.recentSuccesses} of the ${state.recentDocuments} documents sent to it in the last ` +
    `${state.windowMinutes} minutes (${formatRate(state.recentSuccessRate)}, threshold ${threshold}%). Parley processes documents itself until ${until}, ` +
    'then sends the next document to n8n again.'
  );
}
export const formatMs = (value: number | null) => (value === null ? '—' : `${formatNumber(value)} ms`);
const formatThroughput = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}/h`;

function RangeFigures({ figures, isLoading }: { figures: N8nFigures | undefined; isLoading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      <StatCard
        title="Executions"
        icon={PlayIcon}
        value={figures ? formatNumber(figures.executions) : null}
        footnote="Tests and hand-offs in the range, any workflow"
        isLoading={isLoading}
      />
      <StatCard title="Success rate" icon={GaugeIcon} value={figures ? formatRate(figures.successRate) : null} isLoading={isLoading} />
      <StatCard title="Avg response time" icon={TimerIcon} value={figures ? formatMs(figures.avgResponseTimeMs) : null} isLoading={isLoading} />
      <StatCard title="Errors" icon={XCircleIcon} value={figures ? formatNumber(figures.errors) : null} isLoading={isLoading} />
      <StatCard
        title="Throughput"
        icon={ZapIcon}
        value={figures ? formatThroughput(figures.throughputPerHour) : null}
        footnote="Executions per hour"
        isLoading={isLoading}
        className="col-span-2 lg:col-span-1"
      />
    </div>
  );
}

function WorkflowHealthTable({ data }: { data: N8nMonitoring }) {
  if (data.workflows.length === 0)
    return <p className="px-6 py-8 text-center text-sm text-muted-foreground sm:px-0">No workflows yet: add one on the Workflows tab.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Workflow</TableHead>
          <TableHead className="text-right">Executions</TableHead>
          <TableHead className="text-right">Success</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Avg time</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Errors</TableHead>
          <TableHead>Health</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.workflows.map((workflow) => (
          <TableRow key={workflow.workflowId} data-testid="workflow-health-row">
            <TableCell className="max-w-56 whitespace-normal">
              <div className="font-medium break-words">{workflow.name}</div>
              <WorkflowStatusBadge status={workflow.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(workflow.executions)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRate(workflow.successRate)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatMs(workflow.avgResponseTimeMs)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatNumber(workflow.errors)}</TableCell>
            <TableCell>
              <HealthBadge health={workflow.health} />
            </TableCell>
          </TableRow>
        ))}
        {data.unassigned.executions > 0 && (
          <TableRow>
            <TableCell className="whitespace-normal text-muted-foreground">No workflow (default document hand-off, unlinked endpoints)</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(data.unassigned.executions)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRate(data.unassigned.successRate)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatMs(data.unassigned.avgResponseTimeMs)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatNumber(data.unassigned.errors)}</TableCell>
            <TableCell />
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

/**
 * Monitoring (beyond the spec's sample data): the spec's three cards, then the figures of the recorded requests to n8n
 * for the chosen range, workflow health from the advanced settings' thresholds, and the recent requests.
 */
export function MonitoringTab() {
  const [range, setRange] = useState<N8nTimeRange>('24h');
  const monitoring = useMonitoring(range);
  const data = monitoring.data;

  if (monitoring.isError && !data) {
    return <LoadErrorAlert query={monitoring} title="Failed to load monitoring" />;
  }
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard
          title="Active Workflows"
          icon={WorkflowIcon}
          value={data ? formatNumber(data.cards.activeWorkflows) : null}
          footnote={data && `of ${data.cards.totalWorkflows}`}
          isLoading={!data}
        />
        {/* All-time counters kept on the listed workflows and endpoints: requests to no listed workflow (the default
            /parley/ingest hand-off) count only in the range's Executions below, so the two figures differ. */}
        <StatCard
          title="Workflow Executions"
          icon={ActivityIcon}
          value={data ? formatNumber(data.cards.totalExecutions) : null}
          footnote="All time, requests to the workflows listed here"
          isLoading={!data}
        />
        <StatCard
          title="Webhook Requests"
          icon={WebhookIcon}
          value={data ? formatNumber(data.cards.webhookRequests) : null}
          footnote="All time, tests of the endpoints listed here"
          isLoading={!data}
        />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs value={range} onValueChange={(value) => setRange(value as N8nTimeRange)}>
          <TabsList aria-label="Time range">
            {N8N_TIME_RANGES.map((value) => (
              <TabsTrigger key={value} value={value} className="px-3">
                {value}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          {monitoring.isFetching && <Spinner />}
          <span>{RANGE_LABELS[range]}</span>
          {data && data.range === range && <HealthBadge health={data.overallHealth} />}
        </div>
      </div>

      {data?.autoFallback.active && (
        <Alert variant="destructive">
          <AlertTriangleIcon />
          <AlertTitle>Auto fallback is on: documents skip n8n</AlertTitle>
          <AlertDescription>
            <p>{autoFallbackText(data.autoFallback, data.thresholds.autoFallback)}</p>
          </AlertDescription>
        </Alert>
      )}

      <RangeFigures figures={data?.overall} isLoading={!data} />

      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="text-base">Workflow health</CardTitle>
          <CardDescription>
            {data && !data.monitoringEnabled
              ? 'Performance monitoring is off (Settings → Monitoring): health is not assessed.'
              : data
                ? `Critical above ${data.thresholds.errorRate}% errors; warning above ${formatNumber(data.thresholds.responseTimeMs)} ms average response time.`
                : 'Health from the thresholds of the advanced settings.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 sm:px-6">
          {data ? (
            <WorkflowHealthTable data={data} />
          ) : (
            <LoadingRows label="Loading workflow health" rows={3} className="h-12" containerClassName="px-6 sm:px-0" />
          )}
        </CardContent>
      </Card>

      <RecentDocuments data={data} />
      <RecentRequests data={data} />
    </div>
  );
}
