import type { ActionUsage } from '@parley/shared/contracts/ai-actions';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber, formatNumber } from '@/lib/format';

const SERIES = [
  { key: 'succeeded', name: 'Succeeded', color: 'var(--brand)' },
  { key: 'failed', name: 'Failed', color: 'var(--destructive)' },
] as const;

const AXIS_PROPS = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false, axisLine: false } as const;

/** "Dec 3": a UTC day of the period. */
const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Calls of actions per UTC day of the period, stacked by outcome (as the security screen's API calls chart). */
export function ActionCallsChart({ usage }: { usage: ActionUsage }) {
  const points = usage.daily.map((day) => ({ label: dayLabel(day.date), succeeded: day.calls - day.failed, failed: day.failed }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Action calls per day over ${usage.period.days} days: ${formatNumber(usage.totals.calls)} calls, ${formatNumber(usage.totals.failed)} failed`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" {...AXIS_PROPS} minTickGap={24} />
          <YAxis {...AXIS_PROPS} allowDecimals={false} width={40} tickFormatter={(value: number) => formatCompactNumber(value)} />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            formatter={(value, name) => [formatNumber(Number(value)), name]}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
          />
          {SERIES.map((series) => (
            <Bar key={series.key} dataKey={series.key} name={series.name} stackId="calls" fill={series.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart's legend, drawn in the page's colours. */
export function ActionCallsLegend() {
  return (
    <div className="flex items-center gap-4">
      {SERIES.map((series) => (
        <span key={series.key} className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <span className="size-2.5 shrink-0 rounded-full" style={{ background: series.color }} aria-hidden="true" />
          {series.name}
        </span>
      ))}
    </div>
  );
}
