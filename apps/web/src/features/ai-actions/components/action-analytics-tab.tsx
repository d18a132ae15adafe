import { ACTION_USAGE_DEFAULT_DAYS, ACTION_USAGE_PERIODS, type ActionAnalytics } from '@parley/shared/contracts/ai-actions';
import { CheckCircle2Icon, FolderIcon, LayersIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { StatCard } from '@/components/layout/stat-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useActionAnalytics } from '../api/get-action-analytics';
import { ACTION_TYPE_LABELS } from '../utils/template-form-values';
import { ActionUsageSection } from './action-usage-section';

interface BreakdownRow {
  key: string;
  label: string;
  total: number;
  active: number;
}

/** One bar per row: the full length is the largest total; the darker part is the active share. */
function Breakdown({ title, description, rows, emptyText }: { title: string; description: string; rows: BreakdownRow[]; emptyText: string }) {
  const max = Math.max(1, ...rows.map((row) => row.total));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="grid gap-3">
            {rows.map((row) => (
              <li key={row.key} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="truncate">{row.label}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {row.active} active / {row.total}
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className="relative h-full rounded-full bg-brand/30" style={{ width: `${(row.total / max) * 100}%` }}>
                    <div className="absolute inset-y-0 left-0 rounded-full bg-brand" style={{ width: row.total ? `${(row.active / row.total) * 100}%` : 0 }} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function breakdowns(data: ActionAnalytics) {
  return {
    byCategory: data.byCategory.map((row) => ({ key: row.categoryId ?? 'none', label: row.name, total: row.total, active: row.active })),
    byType: data.byActionType.map((row) => ({ key: row.actionType, label: ACTION_TYPE_LABELS[row.actionType], total: row.total, active: row.active })),
  };
}

/**
 * Spec §2 Analytics tab: the four counts (total, active, categories, featured), and where the actions are; then how the
 * chatbots used them over a period (issue 41: calls, success rates, durations, per day, template and kind).
 */
export function ActionAnalyticsTab() {
  const [days, setDays] = useState<number>(ACTION_USAGE_DEFAULT_DAYS);
  const analytics = useActionAnalytics(days);
  if (analytics.isError && !analytics.data) {
    return <LoadErrorAlert query={analytics} title="Analytics could not be loaded" />;
  }
  const data = analytics.data;
  const isLoading = analytics.isPending;
  const rows = data ? breakdowns(data) : null;
  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold tracking-tight">Calls by chatbots</h2>
          <p className="text-sm text-muted-foreground">How the chatbots of every organization used their actions.</p>
        </div>
        <Select value={String(days)} onValueChange={(value) => setDays(Number(value))}>
          <SelectTrigger className="w-40" aria-label="Period">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ACTION_USAGE_PERIODS.map((period) => (
              <SelectItem key={period} value={String(period)}>
                Last {period} days
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {analytics.isError && <LoadErrorAlert query={analytics} title="Analytics could not be loaded" />}
      <div className={cn('transition-opacity', analytics.isPlaceholderData && 'opacity-60')} aria-busy={analytics.isFetching}>
        <ActionUsageSection usage={data?.usage} isLoading={isLoading} />
      </div>
      <h2 className="pt-2 text-lg font-semibold tracking-tight">Catalogue</h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard title="Total Actions" icon={LayersIcon} value={data?.total ?? null} isLoading={isLoading} />
        <StatCard title="Active Actions" icon={CheckCircle2Icon} value={data?.active ?? null} isLoading={isLoading} />
        <StatCard title="Categories" icon={FolderIcon} value={data?.categories ?? null} isLoading={isLoading} footnote="Active categories" />
        <StatCard title="Featured" icon={StarIcon} value={data?.featured ?? null} isLoading={isLoading} />
      </div>
      {rows && data ? (
        <>
          <p className="text-sm text-muted-foreground">
            {data.webhooks} {data.webhooks === 1 ? 'webhook' : 'webhooks'} and {data.eventHandlers} event {data.eventHandlers === 1 ? 'handler' : 'handlers'}{' '}
            are configured across all actions.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <Breakdown
              title="By category"
              description="Actions in each category; the darker part is active."
              rows={rows.byCategory}
              emptyText="No categories yet."
            />
            <Breakdown title="By action type" description="What the actions do; the darker part is active." rows={rows.byType} emptyText="No actions yet." />
          </div>
        </>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
      )}
    </div>
  );
}
