import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { ReferralDashboardView } from '@/features/referrals/components/referral-dashboard-view';

export default function ReferralsRoute() {
  const { hasRole } = useAdminAuth();
  return (
    <>
      <title>Referrals · Parley admin</title>
      {/* Support reads the dashboard; only a system admin changes the settings. */}
      <ReferralDashboardView settingsPath={hasRole('system_admin') ? '/admin/referrals/settings' : null} />
    </>
  );
}
