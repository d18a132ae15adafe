import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { InvitationLanding } from '@/features/organizations/components/invitation-landing';
import { forgetPendingInvitation, invitePath, rememberPendingInvitation } from '@/features/organizations/utils/pending-invitation';

/** /invite/:token — the link of an invitation e-mail. */
export default function InviteRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { status, user, signOut, refresh, switchOrganization } = useAuth();
  const auth =
    status === 'loading'
      ? ({ status: 'loading' } as const)
      : user
        ? ({ status: 'signed-in', email: user.email } as const)
        : ({ status: 'signed-out' } as const);

  return (
    <>
      <title>Invitation · Parley</title>
      <InvitationLanding
        key={token}
        token={token}
        auth={auth}
        onContinueToAuth={(mode, email) => {
          // Kept through sign-up (the confirmation e-mail may open another tab) and sign-in; the dashboard brings them back.
          rememberPendingInvitation(token);
          void navigate(mode === 'sign-up' ? `${paths.auth}?mode=sign-up` : paths.auth, { state: { from: invitePath(token), email } });
        }}
        onSignOutAndContinue={() => void signOut({ redirectTo: invitePath(token) })}
        onAccepted={async ({ organization, alreadyMember }) => {
          forgetPendingInvitation();
          await refresh();
          switchOrganization(organization.id);
          toast.success(alreadyMember ? `You are already in ${organization.name}` : `Welcome to ${organization.name}`, {
            description: alreadyMember ? 'Your role there is unchanged.' : `You joined as ${organization.role === 'admin' ? 'an admin' : 'a member'}.`,
          });
          void navigate(paths.dashboard, { replace: true });
        }}
        onGoToDashboard={() => void navigate(status === 'signed-in' ? paths.dashboard : paths.home)}
      />
    </>
  );
}
