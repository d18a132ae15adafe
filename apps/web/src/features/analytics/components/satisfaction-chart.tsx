import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatRatio } from '@/lib/format';
import { hasData, satisfactionSeries } from '../utils/chart-data';
import { ChartCard, LegendItem, NO_CONVERSATIONS_TEXT } from './chart-card';
import { AXIS_PROPS, CHART_COLORS, GRID_STROKE, TOOLTIP_CONTENT_STYLE, TOOLTIP_CURSOR, TOOLTIP_LABEL_STYLE } from './chart-theme';

const NO_RATINGS_TEXT = 'No ratings in this period yet. Visitors rate answers with a thumbs up or down in the chat.';

/** Thumbs up and down per day, and the share of thumbs up over the period. */
export function SatisfactionChart({ summary }: { summary: AnalyticsSummary | undefined }) {
  const points = summary ? satisfactionSeries(summary.daily) : [];
  const hasRatings = hasData(points, ['thumbsUp', 'thumbsDown']);
  const emptyText = !summary || hasRatings ? null : summary.totals.conversations === 0 ? NO_CONVERSATIONS_TEXT : NO_RATINGS_TEXT;
  return (
    <ChartCard
      title="User satisfaction"
      description={
        summary && hasRatings ? (
          <span>
            <span className="font-medium text-foreground">{formatRatio(summary.totals.satisfaction)}</span> of ratings were a thumbs up.
          </span>
        ) : (
          'How visitors rated the answers.'
        )
      }
      isLoading={!summary}
      emptyText={emptyText}
      testId="chart-satisfaction"
      action={
        summary &&
        hasRatings && (
          <div className="flex flex-col items-end gap-1 sm:flex-row sm:gap-4">
            <LegendItem color={CHART_COLORS.thumbsUp} label="Thumbs up" value={formatNumber(summary.totals.thumbsUp)} />
            <LegendItem color={CHART_COLORS.thumbsDown} label="Thumbs down" value={formatNumber(summary.totals.thumbsDown)} />
          </div>
        )
      }
    >
      <div className="h-64 w-full" role="img" aria-label="Thumbs up and thumbs down per day">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="label" {...AXIS_PROPS} minTickGap={24} />
            <YAxis {...AXIS_PROPS} allowDecimals={false} width={40} />
            <Tooltip
              contentStyle={TOOLTIP_CONTENT_STYLE}
              labelStyle={TOOLTIP_LABEL_STYLE}
              cursor={TOOLTIP_CURSOR}
              formatter={(value, name) => [formatNumber(Number(value)), name]}
            />
            <Bar dataKey="thumbsUp" name="Thumbs up" stackId="ratings" fill={CHART_COLORS.thumbsUp} maxBarSize={24} isAnimationActive={false} />
            <Bar
              dataKey="thumbsDown"
              name="Thumbs down"
              stackId="ratings"
              fill={CHART_COLORS.thumbsDown}
              radius={[3, 3, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
