import { PageHeader } from '@/components/layout/page-header';
import { TierLimitsManager } from '@/features/tier-limits/components/tier-limits-manager';

export default function TierLimitsRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Tier Limits · Parley admin</title>
      <PageHeader title="Subscription Tier Limits" description="Monthly tokens, handoffs and chatbots per subscription tier. -1 means unlimited." />
      <TierLimitsManager />
    </div>
  );
}
