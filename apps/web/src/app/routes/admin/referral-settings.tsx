import { ReferralSettingsView } from '@/features/referrals/components/referral-settings-form';

export default function ReferralSettingsRoute() {
  return (
    <>
      <title>Referral settings · Parley admin</title>
      <ReferralSettingsView dashboardPath="/admin/referrals" />
    </>
  );
}
