import type { EvaluationRun } from '@parley/shared/contracts/evaluations';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '@/lib/format';
import { scorePoints } from '../utils/run-display';

// The analytics charts' axis and tooltip look (features/analytics/components/chart-theme.ts; features share no code).
const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false, axisLine: false } as const;
const SERIES = [
  { key: 'overall', name: 'All questions right', color: 'var(--brand)', width: 2.5 },
  { key: 'retrieval', name: 'Right source retrieved', color: 'oklch(0.685 0.169 237.323)', width: 1.5 },
  { key: 'answers', name: 'Answered right', color: 'var(--success)', width: 1.5 },
  { key: 'declines', name: 'Declined right', color: 'oklch(0.769 0.188 70.08)', width: 1.5 },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The finished runs' scores over time, oldest on the left: whether a change to the training data made it better or worse. */
export function EvaluationScoreChart({ runs }: { runs: EvaluationRun[] }) {
  const points = scorePoints(runs);
  if (points.length < 2) {
    return <p className="text-sm text-muted-foreground">The scores are drawn over time once two evaluations have finished.</p>;
  }
  // Runs within a day are told apart by their time.
  const tick = points.at(-1)!.at - points[0]!.at < DAY_MS ? shortTime : shortDate;
  return (
    <div className="h-56 w-full" role="img" aria-label={`Evaluation scores of the last ${points.length} runs, in percent`} data-testid="evaluation-score-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(at: number) => tick.format(at)}
            minTickGap={32}
            {...AXIS}
          />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(value: number) => `${value}%`} width={44} {...AXIS} />
          <Tooltip
            labelFormatter={(at) => formatDateTime(new Date(Number(at)).toISOString())}
            formatter={(value, name) => [value === null || value === undefined ? '—' : `${Number(value)}%`, name]}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((series) => (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={series.color}
              strokeWidth={series.width}
              dot={{ r: 2.5 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
