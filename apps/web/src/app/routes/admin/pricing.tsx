import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BillingAnalyticsTab } from '@/features/billing-admin/components/billing-analytics-tab';
import { BillingSettingsTab } from '@/features/billing-admin/components/billing-settings-tab';
import { CustomersTab } from '@/features/billing-admin/components/customers-tab';
import { RevenueTab } from '@/features/billing-admin/components/revenue-tab';
import { SubscriptionsTab } from '@/features/billing-admin/components/subscriptions-tab';
import { PricingFaqsManager } from '@/features/pricing-faqs/components/pricing-faqs-manager';
import { PricingPlansManager } from '@/features/pricing-plans/components/pricing-plans-manager';
import { RateLimitStatusCard } from '@/features/pricing-plans/components/rate-limit-status-card';

/** Spec part 2 §2: seven tabs. The five billing tabs read the billing tables (features/billing-admin). */
const BILLING_TABS = [
  { value: 'analytics', label: 'Analytics', Component: BillingAnalyticsTab },
  { value: 'subscriptions', label: 'Subscriptions', Component: SubscriptionsTab },
  { value: 'revenue', label: 'Revenue', Component: RevenueTab },
  { value: 'customers', label: 'Customers', Component: CustomersTab },
  { value: 'settings', label: 'Settings', Component: BillingSettingsTab },
];
const TABS = ['plans', 'faqs', ...BILLING_TABS.map((tab) => tab.value)];

export default function PricingAdminRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'plans';
  const tab = TABS.includes(requested) ? requested : 'plans';
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Pricing · Parley admin</title>
      <PageHeader
        title="Pricing and Billing Administration"
        description="The plans and FAQs of the public pricing page, and the billing figures, customers, invoices and settings."
      />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'plans' ? {} : { tab: value }, { replace: true })} className="gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            <TabsTrigger value="plans">Plans</TabsTrigger>
            <TabsTrigger value="faqs">FAQs</TabsTrigger>
            {BILLING_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="plans" className="grid min-w-0 grid-cols-1 gap-6">
          <RateLimitStatusCard />
          <PricingPlansManager />
        </TabsContent>
        <TabsContent value="faqs" className="min-w-0">
          <PricingFaqsManager />
        </TabsContent>
        {BILLING_TABS.map(({ value, Component }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <Component />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
