import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber, formatNumber } from '@/lib/format';
import { formatHour, hasData, hourlySeries } from '../utils/chart-data';
import { ChartCard, NO_CONVERSATIONS_TEXT } from './chart-card';
import { AXIS_PROPS, CHART_COLORS, GRID_STROKE, TOOLTIP_CONTENT_STYLE, TOOLTIP_CURSOR, TOOLTIP_LABEL_STYLE } from './chart-theme';

/** Conversations by hour of the day (in the viewer's time zone), summed over the period: when visitors come. */
export function HourlyActivityChart({ summary }: { summary: AnalyticsSummary | undefined }) {
  const points = summary ? hourlySeries(summary.hourly) : [];
  const isEmpty = summary !== undefined && !hasData(points, ['conversations']);
  return (
    <ChartCard
      title="Activity by hour"
      description={summary ? `Conversations started in each hour of the day (${summary.period.tz}).` : 'Conversations started in each hour of the day.'}
      isLoading={!summary}
      emptyText={isEmpty ? NO_CONVERSATIONS_TEXT : null}
      testId="chart-hourly"
    >
      <div className="h-64 w-full" role="img" aria-label="Conversations by hour of the day">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="hour" {...AXIS_PROPS} interval={2} tickFormatter={(hour: number) => String(hour)} />
            <YAxis {...AXIS_PROPS} allowDecimals={false} width={40} tickFormatter={(value: number) => formatCompactNumber(value)} />
            <Tooltip
              contentStyle={TOOLTIP_CONTENT_STYLE}
              labelStyle={TOOLTIP_LABEL_STYLE}
              cursor={TOOLTIP_CURSOR}
              labelFormatter={(hour) => `${formatHour(Number(hour))}–${formatHour((Number(hour) + 1) % 24)}`}
              formatter={(value) => [formatNumber(Number(value)), 'Conversations']}
            />
            <Bar dataKey="conversations" fill={CHART_COLORS.conversations} radius={[3, 3, 0, 0]} maxBarSize={24} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
