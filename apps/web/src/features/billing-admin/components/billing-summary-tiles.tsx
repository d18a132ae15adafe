import { ActivityIcon, AlertTriangleIcon, CheckCircle2Icon, CreditCardIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import { formatNumber } from '@/lib/format';
import { useBillingSummary } from '../api/get-billing-summary';
import { formatPercent } from '../utils/billing-format';

/** Spec §2: active subscriptions, total events, failed payments in 30 days, success rate. */
export function BillingSummaryTiles() {
  const summary = useBillingSummary();
  const data = summary.data;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Active subscriptions"
        icon={CreditCardIcon}
        isLoading={summary.isPending}
        value={data && formatNumber(data.activeSubscriptions)}
        footnote="Current subscriptions that are active"
      />
      <StatCard
        title="Total events"
        icon={ActivityIcon}
        isLoading={summary.isPending}
        value={data && formatNumber(data.totalEvents)}
        footnote="Billing events recorded"
      />
      <StatCard
        title="Failed payments"
        icon={AlertTriangleIcon}
        isLoading={summary.isPending}
        value={data && formatNumber(data.failedPayments30d)}
        footnote="In the last 30 days"
      />
      <StatCard
        title="Success rate"
        icon={CheckCircle2Icon}
        isLoading={summary.isPending}
        value={data && formatPercent(data.successRate)}
        footnote="Events processed without error"
      />
    </div>
  );
}
