import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRevenue } from '../api/get-billing-analytics';
import { formatCents, formatWholeDollars, monthLabel } from '../utils/billing-format';

const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false, axisLine: false } as const;
const TOOLTIP = { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)', fontSize: 12 };
const PLAN_COLORS = ['var(--brand)', 'oklch(0.685 0.169 237.323)', 'var(--success)', 'oklch(0.769 0.188 70.08)', 'var(--destructive)'];

/** The Revenue tab: money paid, MRR and churn, and the plan distribution, per month of the last year. */
export function RevenueTab() {
  const revenue = useRevenue(12);
  if (revenue.isError) return <LoadErrorAlert query={revenue} title="Failed to load revenue" />;
  if (revenue.isPending) return <Skeleton className="h-80" />;
  const points = revenue.data.months.map((m) => ({
    ...m,
    label: monthLabel(m.month),
    ...Object.fromEntries(Object.entries(m.plans).map(([k, v]) => [`plan_${k}`, v])),
  }));
  const plans = revenue.data.tiers.filter((t) => revenue.data.months.some((m) => (m.plans[t.tier] ?? 0) > 0));
  const current = revenue.data.months.at(-1);
  return (
    <div className="grid gap-4">
      <Card className="gap-4" data-testid="revenue-chart">
        <CardHeader>
          <CardTitle>Revenue and MRR</CardTitle>
          <CardDescription>
            Paid invoices and token purchases per month; MRR of the subscriptions live at each month's end.{' '}
            {current && (
              <span data-testid="revenue-this-month">
                This month: {formatCents(current.revenueCents)} revenue, {formatCents(current.mrrCents)} MRR.
              </span>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="h-72 w-full" role="img" aria-label="Revenue and MRR per month">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" {...AXIS} minTickGap={16} />
                <YAxis {...AXIS} width={64} tickFormatter={(v: number) => formatWholeDollars(v)} />
                <Tooltip
                  contentStyle={TOOLTIP}
                  formatter={(value, name) => [formatCents(Number(value)), name]}
                  cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="subscriptionRevenueCents" name="Subscriptions" stackId="r" fill="var(--brand)" isAnimationActive={false} />
                <Bar dataKey="tokenRevenueCents" name="Token packages" stackId="r" fill="oklch(0.685 0.169 237.323)" isAnimationActive={false} />
                <Bar dataKey="mrrCents" name="MRR" fill="var(--success)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Churn</CardTitle>
            <CardDescription>Subscriptions cancelled in the month, as a share of those live at its start.</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="h-56 w-full" role="img" aria-label="Churn rate per month">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                  <XAxis dataKey="label" {...AXIS} minTickGap={16} />
                  <YAxis {...AXIS} width={40} tickFormatter={(v: number) => `${v}%`} />
                  <Tooltip contentStyle={TOOLTIP} formatter={(value) => [`${Number(value)}%`, 'Churn']} />
                  <Line type="monotone" dataKey="churnRate" name="Churn" stroke="var(--destructive)" strokeWidth={2} dot={false} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Plan distribution over time</CardTitle>
            <CardDescription>Subscriptions live at each month's end, by plan.</CardDescription>
          </CardHeader>
          <CardContent>
            {plans.length === 0 ? (
              <p className="flex h-56 items-center justify-center text-sm text-muted-foreground">No subscriptions in these months.</p>
            ) : (
              <div className="h-56 w-full" role="img" aria-label="Subscriptions per plan per month">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                    <XAxis dataKey="label" {...AXIS} minTickGap={16} />
                    <YAxis {...AXIS} width={32} allowDecimals={false} />
                    <Tooltip contentStyle={TOOLTIP} cursor={{ fill: 'var(--muted)', opacity: 0.6 }} />
                    <Legend wrapperStyle={{ fontSize: 12 }} />
                    {plans.map((p, i) => (
                      <Bar
                        key={p.tier}
                        dataKey={`plan_${p.tier}`}
                        name={p.displayName}
                        stackId="p"
                        fill={PLAN_COLORS[i % PLAN_COLORS.length]}
                        isAnimationActive={false}
                      />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
