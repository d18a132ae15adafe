import { BarChart3Icon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { greetingName } from '@/features/auth/utils/user-display';
import { AccountSummary } from '@/features/dashboard/components/account-summary';
import { GettingStarted } from '@/features/dashboard/components/getting-started';
import { WelcomeHeader } from '@/features/dashboard/components/welcome-header';
import { UsageCard } from '@/features/usage/components/usage-card';

export default function DashboardHomeRoute() {
  const { user, organization } = useAuth();
  if (!user) return null;

  return (
    <div className="space-y-8">
      <title>Dashboard · Parley</title>
      <WelcomeHeader firstName={greetingName(user)} organizationName={organization?.name ?? null} />
      <GettingStarted />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <EmptyState
          icon={BarChart3Icon}
          status="Not available yet"
          title="Analytics will appear here"
          description="Once your chatbots are answering visitors, this page will show conversation trends, the questions people ask most and how well they were answered. Analytics are not available yet."
          className="h-full"
        />
        <div className="grid content-start gap-6">
          <UsageCard />
          <AccountSummary
            email={user.email}
            emailVerified={user.emailVerified}
            createdAt={user.createdAt}
            organizationName={organization?.name ?? null}
            organizationRole={organization?.role ?? null}
          />
        </div>
      </div>
    </div>
  );
}
