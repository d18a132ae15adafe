import type { ActionCallFigures, ActionUsage } from '@parley/shared/contracts/ai-actions';
import type { ChatbotActionKind } from '@parley/shared/contracts/chatbot-actions';
import { ActivityIcon, BarChart3Icon, CheckCircle2Icon, TimerIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatLatency, formatNumber, formatRatio } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ActionCallsChart, ActionCallsLegend } from './action-calls-chart';

/** Under this share of successful calls a row is marked: its endpoint or its arguments need a look. */
const LOW_SUCCESS_RATE = 0.9;

const KIND_LABELS: Record<ChatbotActionKind, string> = {
  webhook: 'Webhook',
  mcp: 'MCP tool',
  handoff: 'Hand-off to a person',
  contact: 'Contact details',
  n8n: 'n8n workflow',
};

function SuccessRate({ figures }: { figures: ActionCallFigures }) {
  if (figures.successRate === null) return <span className="text-muted-foreground">—</span>;
  const isLow = figures.successRate < LOW_SUCCESS_RATE;
  return (
    <Badge
      variant="outline"
      className={cn('tabular-nums', isLow ? 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400' : 'text-success')}
      title={`${formatNumber(figures.succeeded)} of ${formatNumber(figures.calls)} succeeded`}
    >
      {formatRatio(figures.successRate)}
    </Badge>
  );
}

function TemplateTable({ rows }: { rows: ActionUsage['byTemplate'] }) {
  return (
    <Table aria-label="Calls per template">
      <TableHeader>
        <TableRow>
          <TableHead>Template</TableHead>
          <TableHead className="text-right">Actions</TableHead>
          <TableHead className="text-right">Chatbots</TableHead>
          <TableHead className="text-right">Calls</TableHead>
          <TableHead className="text-right">Failed</TableHead>
          <TableHead className="text-right">Success rate</TableHead>
          <TableHead className="text-right">Average</TableHead>
          <TableHead className="text-right">p95</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.templateId ?? row.source} data-testid="template-usage-row">
            <TableCell className="max-w-64">
              <span className={cn('block truncate', row.source !== 'template' && 'text-muted-foreground italic')} title={row.name}>
                {row.name}
              </span>
              {row.isActive === false && <span className="text-xs text-muted-foreground">Inactive</span>}
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.source === 'deleted' ? '—' : formatNumber(row.actions)}</TableCell>
            <TableCell className="text-right tabular-nums">{row.source === 'deleted' ? '—' : formatNumber(row.chatbots)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.calls)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.failed)}</TableCell>
            <TableCell className="text-right">
              <SuccessRate figures={row} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatLatency(row.avgDurationMs)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatLatency(row.p95DurationMs)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function KindList({ rows }: { rows: ActionUsage['byKind'] }) {
  return (
    <ul className="grid gap-2" aria-label="Calls per kind">
      {rows.map((row) => (
        <li key={row.kind ?? 'deleted'} className="flex items-center justify-between gap-3 text-sm">
          <span className={cn('truncate', row.kind === null && 'text-muted-foreground italic')}>{row.kind ? KIND_LABELS[row.kind] : 'Deleted actions'}</span>
          <span className="flex shrink-0 items-center gap-3 text-muted-foreground tabular-nums">
            <span>
              {formatNumber(row.calls)} {row.calls === 1 ? 'call' : 'calls'}
            </span>
            <SuccessRate figures={row} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The calls chatbots made with their actions over the period (every organization): the figures, calls per day with
 * the failures, and per catalogue template and kind the calls and how many succeeded.
 */
export function ActionUsageSection({ usage, isLoading }: { usage: ActionUsage | undefined; isLoading: boolean }) {
  const totals = usage?.totals;
  return (
    <section className="grid gap-4" aria-label="Action calls">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          title="Action Calls"
          icon={ActivityIcon}
          value={totals ? formatNumber(totals.calls) : null}
          isLoading={isLoading}
          footnote={
            totals ? `${formatNumber(totals.chatbotsCalling)} of ${formatNumber(totals.chatbotsWithActions)} chatbots with actions called one` : undefined
          }
        />
        <StatCard
          title="Success Rate"
          icon={CheckCircle2Icon}
          value={totals ? formatRatio(totals.successRate) : null}
          isLoading={isLoading}
          footnote={totals ? `${formatNumber(totals.failed)} failed` : undefined}
        />
        <StatCard title="Average Duration" icon={TimerIcon} value={totals ? formatLatency(totals.avgDurationMs) : null} isLoading={isLoading} />
        <StatCard
          title="p95 Duration"
          icon={TimerIcon}
          value={totals ? formatLatency(totals.p95DurationMs) : null}
          isLoading={isLoading}
          footnote="95 of 100 calls took less"
        />
      </div>
      <Card className="min-w-0 gap-4">
        <CardHeader>
          <CardTitle className="text-base">Calls per day</CardTitle>
          <CardDescription>Every call a chatbot’s answer model made, by UTC day; failed ones in red.</CardDescription>
          {usage && usage.totals.calls > 0 && (
            <CardAction>
              <ActionCallsLegend />
            </CardAction>
          )}
        </CardHeader>
        <CardContent className="min-w-0">
          {!usage ? null : usage.totals.calls === 0 ? (
            <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-center">
              <BarChart3Icon className="size-6 text-muted-foreground/60" aria-hidden="true" />
              <p className="max-w-72 text-sm text-muted-foreground">No chatbot called an action in this period.</p>
            </div>
          ) : (
            <ActionCallsChart usage={usage} />
          )}
        </CardContent>
      </Card>
      {usage && (
        <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
          <Card className="min-w-0 gap-4">
            <CardHeader>
              <CardTitle className="text-base">By template</CardTitle>
              <CardDescription>
                The actions owners made from each template, the chatbots that have one, and their calls in the period. Own actions were made from no template.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <TemplateTable rows={usage.byTemplate} />
            </CardContent>
          </Card>
          <Card className="min-w-0 gap-4">
            <CardHeader>
              <CardTitle className="text-base">By kind</CardTitle>
              <CardDescription>Calls and success rate of each kind of action.</CardDescription>
            </CardHeader>
            <CardContent>
              <KindList rows={usage.byKind} />
            </CardContent>
          </Card>
        </div>
      )}
    </section>
  );
}
