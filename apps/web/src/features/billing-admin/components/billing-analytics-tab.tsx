import { BanknoteIcon, PercentIcon, TrendingUpIcon, UsersIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { StatCard } from '@/components/layout/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatNumber, humanize } from '@/lib/format';
import { useBillingAnalytics } from '../api/get-billing-analytics';
import { formatCents, formatPercent } from '../utils/billing-format';

/** The Analytics tab: MRR, revenue, churn, customers and the plan distribution, all from the billing tables. */
export function BillingAnalyticsTab() {
  const analytics = useBillingAnalytics();
  if (analytics.isError) return <LoadErrorAlert query={analytics} title="Failed to load billing analytics" />;
  const d = analytics.data;
  const totalSubs = d ? d.planDistribution.reduce((t, p) => t + p.subscriptions, 0) : 0;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="MRR"
          icon={TrendingUpIcon}
          isLoading={analytics.isPending}
          value={d && formatCents(d.mrrCents)}
          footnote={d && `ARR ${formatCents(d.arrCents)}`}
        />
        <StatCard
          title="Revenue (30 days)"
          icon={BanknoteIcon}
          isLoading={analytics.isPending}
          value={d && formatCents(d.revenue30dCents)}
          footnote={d && `Previous 30 days ${formatCents(d.revenuePrevious30dCents)} · tokens ${formatCents(d.tokenRevenue30dCents)}`}
        />
        <StatCard
          title="Paying customers"
          icon={UsersIcon}
          isLoading={analytics.isPending}
          value={d && formatNumber(d.payingCustomers)}
          footnote={d && `ARPU ${formatCents(d.arpuCents)} · ${d.trialingSubscriptions} trialing`}
        />
        <StatCard
          title="Churn (30 days)"
          icon={PercentIcon}
          isLoading={analytics.isPending}
          value={d && formatPercent(d.churnRate30d)}
          footnote={d && `${d.cancelled30d} cancelled · ${d.newSubscriptions30d} new · ${d.failedInvoices30d} failed invoices`}
        />
      </div>
      {d && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Plan distribution</CardTitle>
              <CardDescription>Current subscriptions that are not cancelled, by plan.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {d.planDistribution.length === 0 ? (
                <p className="text-sm text-muted-foreground">No subscriptions yet.</p>
              ) : (
                d.planDistribution.map((p) => (
                  <div key={p.tier} className="grid gap-1">
                    <div className="flex justify-between text-sm">
                      <span className="font-medium">{p.displayName}</span>
                      <span className="text-muted-foreground tabular-nums">
                        {p.subscriptions} · {formatCents(p.mrrCents)} MRR
                      </span>
                    </div>
                    <Progress value={totalSubs ? (p.subscriptions / totalSubs) * 100 : 0} aria-label={`${p.displayName} share`} />
                  </div>
                ))
              )}
            </CardContent>
          </Card>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Subscriptions by status</CardTitle>
              <CardDescription>The current subscription of each organization.</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm">
                {Object.entries(d.byStatus).map(([status, n]) => (
                  <li key={status} className="flex justify-between">
                    <span>{humanize(status)}</span>
                    <Badge variant={(status === 'past_due' || status === 'unpaid') && n > 0 ? 'destructive' : 'outline'}>{n}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
