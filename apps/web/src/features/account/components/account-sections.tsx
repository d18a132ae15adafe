import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '../api/get-profile';
import { ConnectedAccountsCard } from './connected-accounts-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

function ProfileLoading({ label }: { label: string }) {
  return (
    <div className="space-y-4" aria-busy="true" aria-label={label}>
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}

/** Settings → Profile: picture and names, and the e-mail address. */
export function ProfileSection({ onProfileChanged }: { onProfileChanged?: () => void }) {
  const profile = useProfile();
  if (profile.isPending) return <ProfileLoading label="Loading your profile" />;
  if (profile.isError) return <LoadErrorAlert query={profile} title="Could not load your profile" />;
  return (
    <div className="space-y-6">
      <ProfileCard profile={profile.data} onChanged={onProfileChanged} />
      <EmailCard profile={profile.data} />
    </div>
  );
}

/** Settings → Security: password, sessions, sign-in methods. */
export function SecuritySection() {
  const profile = useProfile();
  return (
    <div className="space-y-6">
      {profile.isPending ? (
        <Skeleton className="h-40 rounded-xl" aria-label="Loading" />
      ) : profile.isError ? (
        <LoadErrorAlert query={profile} title="Could not load your account" />
      ) : (
        <PasswordCard hasPassword={profile.data.hasPassword} />
      )}
      <SessionsCard />
      <ConnectedAccountsCard />
    </div>
  );
}
