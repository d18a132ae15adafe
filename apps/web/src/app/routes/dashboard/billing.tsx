import { ReceiptTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export default function BillingRoute() {
  return (
    <div className="space-y-6">
      <title>Billing · Parley</title>
      <PageHeader title="Billing" description="Payment methods, invoices and token purchases." />
      <EmptyState
        icon={ReceiptTextIcon}
        status="Not available yet"
        title="No billing history"
        description="Your invoices, payment methods and token package purchases will be listed here. Billing is not available yet."
      />
    </div>
  );
}
