import { BillingTestingView } from '@/features/billing-admin/components/billing-testing-view';

export default function BillingAdminRoute() {
  return (
    <>
      <title>Payment-provider Integration Testing · Parley admin</title>
      <BillingTestingView />
    </>
  );
}
