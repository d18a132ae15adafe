import { ReferralDashboardView } from '@/features/referrals/components/referral-dashboard-view';

export default function ReferralsRoute() {
  return (
    <>
      <title>Referrals · Parley admin</title>
      {/* System admin only (ADMIN_ROUTES), so the settings are always theirs to open. */}
      <ReferralDashboardView settingsPath="/admin/referrals/settings" />
    </>
  );
}
