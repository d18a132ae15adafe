import { BarChart3Icon, CreditCardIcon, LineChartIcon, SettingsIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PricingFaqsManager } from '@/features/pricing-faqs/components/pricing-faqs-manager';
import { PricingPlansManager } from '@/features/pricing-plans/components/pricing-plans-manager';
import { RateLimitStatusCard } from '@/features/pricing-plans/components/rate-limit-status-card';

/** The five billing tabs (spec part 2 §2) come with the billing work; until then each says what it will show. */
const BILLING_TABS: { value: string; label: string; icon: LucideIcon; description: string }[] = [
  {
    value: 'analytics',
    label: 'Analytics',
    icon: BarChart3Icon,
    description: 'Revenue over time, plan distribution, churn and monthly recurring revenue, computed from the billing records.',
  },
  {
    value: 'subscriptions',
    label: 'Subscriptions',
    icon: CreditCardIcon,
    description: 'Every subscription with search and status and plan filters: active, past due, unpaid, cancelled and trialing.',
  },
  { value: 'revenue', label: 'Revenue', icon: LineChartIcon, description: 'Revenue by plan and by month, from paid invoices.' },
  {
    value: 'customers',
    label: 'Customers',
    icon: UsersIcon,
    description: 'Paying customers with their plan, payment method, revenue and next billing date, and their invoices with retry for failed ones.',
  },
  {
    value: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    description: 'Payment, invoicing, tax and compliance, notification and advanced billing settings.',
  },
];
const TABS = ['plans', 'faqs', ...BILLING_TABS.map((tab) => tab.value)];

export default function PricingAdminRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'plans';
  const tab = TABS.includes(requested) ? requested : 'plans';
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Pricing · Parley admin</title>
      <PageHeader title="Pricing and Billing Administration" description="The plans and FAQs of the public pricing page, and what this server enforces." />
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
        {BILLING_TABS.map(({ value, label, icon, description }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <EmptyState icon={icon} status="Arrives with billing" title={label} description={description} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
