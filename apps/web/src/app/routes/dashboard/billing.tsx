import { ReceiptTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';

export default function BillingRoute() {
  const { organization } = useAuth();
  return (
    <div className="space-y-6">
      <title>Billing · Parley</title>
      <PageHeader title="Billing" description="Payment methods, invoices and token purchases." />
      {/* Billing belongs to the owner of the organization (issue: owner = billing and deletion). */}
      <OrganizationRoleGate role={organization?.role ?? null} required="owner" what="Billing" organizationName={organization?.name ?? null}>
        <EmptyState
          icon={ReceiptTextIcon}
          status="Not available yet"
          title="No billing history"
          description="Your invoices, payment methods and token package purchases will be listed here. Billing is not available yet."
        />
      </OrganizationRoleGate>
    </div>
  );
}
