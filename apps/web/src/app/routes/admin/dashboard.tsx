import { LifeBuoyIcon } from 'lucide-react';
import { lazy, Suspense, useCallback } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { useAdminStats } from '@/features/admin-dashboard/api/get-admin-stats';
import { AdminStatCards } from '@/features/admin-dashboard/components/admin-stat-cards';
import { AuthHealthCard } from '@/features/admin-dashboard/components/auth-health-card';
import { QuickActions } from '@/features/admin-dashboard/components/quick-actions';
import { RecentActivityCard } from '@/features/admin-dashboard/components/recent-activity-card';
import { StatsErrorPanel } from '@/features/admin-dashboard/components/stats-error-panel';
import { SystemHealthCard } from '@/features/admin-dashboard/components/system-health-card';
import { useSessionRepair } from '@/features/admin-dashboard/hooks/use-session-repair';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * Loaded after the dashboard's first screen: its form (selects, radio groups, the shared contract's zod) would add about
 * 50 KB gzip to the console's initial script, over its budget (bench/bundle-size.ts).
 */
const SendMessageDialog = lazy(() =>
  import('@/features/notifications/components/send-message-dialog').then((module) => ({ default: module.SendMessageDialog })),
);

export default function AdminDashboardRoute() {
  const { user, refresh, recoverSession } = useAuth();
  const { hasRole } = useAdminAuth();
  const stats = useAdminStats();
  const refreshSession = useCallback(async () => (await refresh()) !== null, [refresh]);
  const repair = useSessionRepair({ refreshSession, recoverSession });
  const fixSession = () => void repair.recover();

  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Admin Dashboard · Parley</title>
      <PageHeader
        title="Admin Dashboard"
        description="The state of this Parley installation at a glance."
        actions={
          <>
            {/* Spec §6: Send Message is offered to system_admin and support; the dashboard is the page support opens. */}
            {hasRole('support') && (
              <Suspense fallback={null}>
                <SendMessageDialog />
              </Suspense>
            )}
            <Button variant="outline" size="sm" onClick={fixSession} disabled={repair.isRecovering}>
              {repair.isRecovering ? <Spinner /> : <LifeBuoyIcon />}
              Fix Session
            </Button>
          </>
        }
      />
      {stats.isError ? (
        <StatsErrorPanel error={stats.error} onRetry={() => void stats.refetch()} isRetrying={stats.isFetching} />
      ) : (
        <AdminStatCards stats={stats.data} isLoading={stats.isPending} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SystemHealthCard />
        <AuthHealthCard
          frontendUserId={user?.id ?? null}
          onQuickFix={() => void repair.quickFix()}
          isFixing={repair.isFixing}
          onRecover={fixSession}
          isRecovering={repair.isRecovering}
        />
        <QuickActions hasRole={hasRole} />
        <RecentActivityCard
          action={
            hasRole('system_admin') && (
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.adminActivity}>View all</Link>
              </Button>
            )
          }
        />
      </div>
    </div>
  );
}
