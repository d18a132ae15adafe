import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SubscriptionView } from '@/features/billing/components/subscription-view';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';

export default function SubscriptionRoute() {
  const { organization } = useAuth();
  return (
    <div className="space-y-6">
      <title>Subscription · Parley</title>
      <PageHeader title="Subscription" description="Your plan, its limits and your usage this month." />
      {/* Admins may look; only the owner changes the plan (the server enforces both). */}
      <OrganizationRoleGate role={organization?.role ?? null} required="admin" what="Subscription" organizationName={organization?.name ?? null}>
        <SubscriptionView />
      </OrganizationRoleGate>
    </div>
  );
}
