import type { ApiUsageResponse } from '@parley/shared/contracts/security-monitoring';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber, formatDateTime, formatNumber } from '@/lib/format';
import { bucketLabel, usageChartPoints } from '../utils/usage-chart';

const SERIES = [
  { key: 'ok', name: 'Succeeded', color: 'var(--brand)' },
  { key: 'errors', name: 'Errors', color: 'var(--destructive)' },
  { key: 'rateLimited', name: 'Rate-limited (429)', color: 'oklch(0.769 0.188 70.08)' },
] as const;

/** API calls per bucket (an hour for the day, six for the week), stacked by outcome. */
export function ApiCallsChart({ usage }: { usage: ApiUsageResponse }) {
  const points = usageChartPoints(usage.series);
  return (
    <div className="h-64 w-full" role="img" aria-label={`API calls per ${usage.bucketMinutes === 60 ? 'hour' : '6 hours'}, by outcome`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="time"
            tickFormatter={(value: number) => bucketLabel(value, usage.bucketMinutes)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatCompactNumber(value)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            tickLine={false}
            axisLine={false}
            width={44}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            labelFormatter={(value) => formatDateTime(new Date(Number(value)).toISOString())}
            formatter={(value, name) => [formatNumber(Number(value)), name]}
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
            <Bar key={series.key} dataKey={series.key} name={series.name} stackId="calls" fill={series.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
