import { PageHeader } from '@/components/layout/page-header';
import { MyReferralCard } from '@/features/referrals/components/my-referral-card';

export default function ReferralsRoute() {
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <title>Referrals · Parley</title>
      <PageHeader title="Referrals" description="Invite others to Parley with your own link." />
      <MyReferralCard />
    </div>
  );
}
