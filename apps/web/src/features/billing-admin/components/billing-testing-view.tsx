import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActivityLogsPanel } from './activity-logs-panel';
import { BillingSummaryTiles } from './billing-summary-tiles';
import { ConfigurationPanel } from './configuration-panel';
import { LiveMonitoringPanel } from './live-monitoring-panel';
import { PaymentFlowsPanel } from './payment-flows-panel';
import { ProductSyncPanel } from './product-sync-panel';
import { SandboxClockCard } from './sandbox-clock-card';
import { WebhookTesterPanel } from './webhook-tester-panel';

const TABS = [
  { value: 'live', label: 'Live Monitoring' },
  { value: 'webhook-tester', label: 'Webhook Tester' },
  { value: 'payment-flows', label: 'Payment Flows' },
  { value: 'product-sync', label: 'Product Sync' },
  { value: 'activity', label: 'Activity Logs' },
  { value: 'configuration', label: 'Configuration' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/** Spec part 2 "Payment-provider Integration Testing" (/admin/billing). */
export function BillingTestingView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'live';
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Payment-provider Integration Testing"
        description="Billing health, webhook and payment-flow tests against the configured provider, and its configuration."
      />
      <BillingSummaryTiles />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'live' ? {} : { tab: value }, { replace: true })} className="gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="live" className="min-w-0">
          <LiveMonitoringPanel />
        </TabsContent>
        <TabsContent value="webhook-tester" className="min-w-0">
          <WebhookTesterPanel />
        </TabsContent>
        <TabsContent value="payment-flows" className="min-w-0">
          <div className="grid gap-4">
            <PaymentFlowsPanel />
            <SandboxClockCard />
          </div>
        </TabsContent>
        <TabsContent value="product-sync" className="min-w-0">
          <ProductSyncPanel />
        </TabsContent>
        <TabsContent value="activity" className="min-w-0">
          <ActivityLogsPanel />
        </TabsContent>
        <TabsContent value="configuration" className="min-w-0">
          <ConfigurationPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
