import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BillingView } from '@/features/billing/components/billing-view';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';

export default function BillingRoute() {
  const { organization } = useAuth();
  return (
    <div className="space-y-6">
      <title>Billing · Parley</title>
      <PageHeader title="Billing" description="Your token balance, token packages and invoices." />
      {/* Admins may look; only the owner buys (the server enforces both). */}
      <OrganizationRoleGate role={organization?.role ?? null} required="admin" what="Billing" organizationName={organization?.name ?? null}>
        <BillingView />
      </OrganizationRoleGate>
    </div>
  );
}
