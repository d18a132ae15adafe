import { GemIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';

export default function SubscriptionRoute() {
  const { organization } = useAuth();
  return (
    <div className="space-y-6">
      <title>Subscription · Parley</title>
      <PageHeader title="Subscription" description="Your plan, its limits and your usage this month." />
      {/* The plan is billing: the owner's (members see their usage on the dashboard). */}
      <OrganizationRoleGate role={organization?.role ?? null} required="owner" what="Subscription" organizationName={organization?.name ?? null}>
        <EmptyState
          icon={GemIcon}
          status="Not available yet"
          title="Plans are not available yet"
          description="Here you will see your current plan, its chatbot, message and token limits, how much of them you have used this month, and change plans. Subscriptions are not available yet."
        />
      </OrganizationRoleGate>
    </div>
  );
}
