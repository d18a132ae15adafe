import { HEALTH_STRESS_AVERAGE_MS } from '@parley/shared/admin-console';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '@/lib/format';
import { formatAxisMs, formatMs, timeTickFormatter, type ChartPoint } from '../utils/health-summary';

function ProbeDot(props: { cx?: number; cy?: number; payload?: ChartPoint }) {
  const { cx, cy, payload } = props;
  if (cx === undefined || cy === undefined || !payload || payload.isHealthy) return null;
  return <circle cx={cx} cy={cy} r={4} fill="var(--destructive)" stroke="var(--background)" strokeWidth={1.5} />;
}

/** The last 100 probe response times; unhealthy probes are red dots. */
export function ResponseTimeChart({ points }: { points: ChartPoint[] }) {
  const max = Math.max(0, ...points.map((point) => point.responseTimeMs));
  return (
    <div className="h-72 w-full" role="img" aria-label={`Response times of the last ${points.length} health probes`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={timeTickFormatter(points)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            tickLine={false}
            axisLine={false}
            minTickGap={32}
          />
          <YAxis
            dataKey="responseTimeMs"
            tickFormatter={(value: number) => formatAxisMs(value)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            tickLine={false}
            axisLine={false}
            width={64}
          />
          {/* The stress threshold is drawn only when the data come near it, so that small times stay readable. */}
          {max > HEALTH_STRESS_AVERAGE_MS / 2 && <ReferenceLine y={HEALTH_STRESS_AVERAGE_MS} stroke="var(--destructive)" strokeDasharray="4 4" />}
          <Tooltip
            labelFormatter={(value) => formatTime(Number(value))}
            formatter={(value) => [formatMs(Number(value)), 'Response time']}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
          />
          <Line type="linear" dataKey="responseTimeMs" stroke="var(--brand)" strokeWidth={2} dot={<ProbeDot />} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
