import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatNumber, formatRatio } from '@/lib/format';
import { outcomeBreakdown } from '../utils/chart-data';
import { ChartCard, NO_CONVERSATIONS_TEXT } from './chart-card';
import { CHART_COLORS, TOOLTIP_CONTENT_STYLE } from './chart-theme';

/** Success and failure: answered, declined (not in the documents), handed to a person, failed; a donut and the figures. */
export function OutcomeBreakdownChart({ summary }: { summary: AnalyticsSummary | undefined }) {
  const slices = summary ? outcomeBreakdown(summary.totals).map((slice) => ({ ...slice, fill: CHART_COLORS[slice.key] })) : [];
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <ChartCard
      title="Success and failure"
      description="What became of the questions visitors asked."
      isLoading={!summary}
      emptyText={summary && total === 0 ? NO_CONVERSATIONS_TEXT : null}
      testId="chart-outcomes"
    >
      <div className="grid grid-cols-1 items-center gap-4 sm:h-64 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="relative h-40 w-full sm:h-56" role="img" aria-label="Share of each outcome">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="label"
                innerRadius="62%"
                outerRadius="92%"
                paddingAngle={slices.filter((slice) => slice.value > 0).length > 1 ? 2 : 0}
                stroke="var(--card)"
                strokeWidth={2}
                isAnimationActive={false}
              />
              <Tooltip contentStyle={TOOLTIP_CONTENT_STYLE} formatter={(value, name) => [formatNumber(Number(value)), name]} />
            </PieChart>
          </ResponsiveContainer>
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
            <span className="text-xl font-semibold tabular-nums">{formatNumber(total)}</span>
            <span className="text-xs text-muted-foreground">outcomes</span>
          </div>
        </div>
        <ul className="grid gap-2 text-sm" aria-label="Outcomes">
          {slices.map((slice) => (
            <li key={slice.key} className="flex items-center gap-2">
              <span className="size-2.5 shrink-0 rounded-full" style={{ background: slice.fill }} aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{slice.label}</span>
              <span className="font-medium tabular-nums">{formatNumber(slice.value)}</span>
              <span className="w-11 text-right text-xs text-muted-foreground tabular-nums">{formatRatio(slice.share)}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}
