import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber, formatNumber } from '@/lib/format';
import { hasData, trendSeries } from '../utils/chart-data';
import { ChartCard, LegendItem, NO_CONVERSATIONS_TEXT } from './chart-card';
import { AXIS_PROPS, CHART_COLORS, GRID_STROKE, TOOLTIP_CONTENT_STYLE, TOOLTIP_LABEL_STYLE } from './chart-theme';

const SERIES = [
  { key: 'conversations', label: 'Conversations', color: CHART_COLORS.conversations },
  { key: 'questions', label: 'Questions', color: CHART_COLORS.questions },
] as const;

/** Conversations and questions per day of the period. */
export function ConversationTrendChart({ summary }: { summary: AnalyticsSummary | undefined }) {
  const points = summary ? trendSeries(summary.daily) : [];
  const isEmpty = summary !== undefined && !hasData(points, ['conversations', 'questions']);
  return (
    <ChartCard
      title="Conversation trends"
      description="Conversations started and questions asked, per day."
      isLoading={!summary}
      emptyText={isEmpty ? NO_CONVERSATIONS_TEXT : null}
      heightClass="h-72"
      testId="chart-trends"
      action={
        summary &&
        !isEmpty && (
          <div className="flex flex-col items-end gap-1 sm:flex-row sm:gap-4">
            {SERIES.map((series) => (
              <LegendItem key={series.key} color={series.color} label={series.label} />
            ))}
          </div>
        )
      }
    >
      <div className="h-72 w-full" role="img" aria-label={`Conversations and questions per day, ${points.length} days`}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="label" {...AXIS_PROPS} minTickGap={24} />
            <YAxis {...AXIS_PROPS} allowDecimals={false} width={40} tickFormatter={(value: number) => formatCompactNumber(value)} />
            <Tooltip
              contentStyle={TOOLTIP_CONTENT_STYLE}
              labelStyle={TOOLTIP_LABEL_STYLE}
              cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
              formatter={(value, name) => [formatNumber(Number(value)), name]}
            />
            {/* Questions (the larger figure) first, so the conversations area is drawn over it. */}
            {[...SERIES].reverse().map((series) => (
              <Area
                key={series.key}
                type="monotone"
                dataKey={series.key}
                name={series.label}
                stroke={series.color}
                fill={series.color}
                fillOpacity={0.12}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4, strokeWidth: 0 }}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
