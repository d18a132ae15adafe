import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingHealth } from '../api/get-billing-health';
import { BillingAlertsCard } from './billing-alerts-card';
import { BillingHealthCard } from './billing-health-card';
import { PaymentFailuresCard, SubscriptionHealthCard, WebhookHealthCard } from './monitoring-cards';

/** Live Monitoring: the score, payment failures (30 s), subscription and webhook health (60 s), alerts (30 s). */
export function LiveMonitoringPanel() {
  const health = useBillingHealth();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {health.isPending ? (
          <Skeleton className="h-64" />
        ) : health.isError ? (
          <LoadErrorAlert query={health} title="Failed to load billing health" />
        ) : (
          <BillingHealthCard health={health.data} />
        )}
        <PaymentFailuresCard />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <SubscriptionHealthCard />
        <WebhookHealthCard />
      </div>
      <BillingAlertsCard />
    </div>
  );
}
