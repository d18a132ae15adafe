import { GemIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export default function SubscriptionRoute() {
  return (
    <div className="space-y-6">
      <title>Subscription · Parley</title>
      <PageHeader title="Subscription" description="Your plan, its limits and your usage this month." />
      <EmptyState
        icon={GemIcon}
        status="Not available yet"
        title="Plans are not available yet"
        description="Here you will see your current plan, its chatbot, message and token limits, how much of them you have used this month, and change plans. Subscriptions are not available yet."
      />
    </div>
  );
}
