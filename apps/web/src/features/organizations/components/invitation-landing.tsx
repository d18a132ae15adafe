import { TEAM_MESSAGES, ORGANIZATION_ROLE_DESCRIPTIONS, type AcceptInvitationResponse, type InvitationPreview } from '@parley/shared/contracts/organizations';
import { AlertCircleIcon, CheckCircle2Icon, ClockIcon, LinkIcon, MailWarningIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';
import { RoleBadge } from './role-badge';

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; email: string };

const STATUS_COPY: Record<Exclude<InvitationPreview['status'], 'pending'>, { icon: LucideIcon; title: string; text: string }> = {
  expired: { icon: ClockIcon, title: 'This invitation has expired', text: TEAM_MESSAGES.invitationExpired },
  revoked: { icon: MailWarningIcon, title: 'This invitation was withdrawn', text: TEAM_MESSAGES.invitationRevoked },
  accepted: { icon: CheckCircle2Icon, title: 'This invitation was already used', text: TEAM_MESSAGES.invitationUsed },
};

function Panel({ icon: Icon, title, children, footer }: { icon: LucideIcon; title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <Card className="gap-6 shadow-lg shadow-black/[0.03]">
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand/10">
          <Icon className="size-6 text-brand" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription className="text-balance">{children}</CardDescription>
      </CardHeader>
      {footer && <CardFooter className="flex flex-col gap-2">{footer}</CardFooter>}
    </Card>
  );
}

/**
 * The page an invitation link opens. Signed out: sign up or sign in first (the link is kept through it). Signed in
 * with the invited address: join. Signed in as someone else: sign out and continue. Expired, used, withdrawn and
 * unknown links say so.
 */
export function InvitationLanding({
  token,
  auth,
  onContinueToAuth,
  onSignOutAndContinue,
  onAccepted,
  onGoToDashboard,
}: {
  token: string;
  auth: AuthState;
  onContinueToAuth: (mode: 'sign-up' | 'sign-in', email: string) => void;
  onSignOutAndContinue: () => void;
  onAccepted: (result: AcceptInvitationResponse) => void | Promise<void>;
  onGoToDashboard: () => void;
}) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [acceptError, setAcceptError] = useState<unknown>(null);

  if (preview.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading the invitation">
        <CardHeader className="items-center gap-3">
          <Skeleton className="mx-auto size-12 rounded-full" />
          <Skeleton className="mx-auto h-6 w-56" />
          <Skeleton className="mx-auto h-4 w-72" />
        </CardHeader>
        <CardContent>
          <Skeleton className="h-10 w-full" />
        </CardContent>
      </Card>
    );
  }

  if (preview.isError) {
    const isUnknown = preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 400);
    if (isUnknown) {
      return (
        <Panel
          icon={LinkIcon}
          title="This invitation link is not valid"
          footer={
            <Button variant="outline" className="w-full" onClick={onGoToDashboard}>
              Go to Parley
            </Button>
          }
        >
          {TEAM_MESSAGES.invitationNotFound} If it still does not work, ask for a new invitation.
        </Panel>
      );
    }
    return <LoadErrorAlert query={preview} title="Could not open the invitation" />;
  }

  const invitation = preview.data;
  if (invitation.status !== 'pending') {
    const copy = STATUS_COPY[invitation.status];
    return (
      <Panel
        icon={copy.icon}
        title={copy.title}
        footer={
          <Button variant="outline" className="w-full" onClick={onGoToDashboard}>
            {auth.status === 'signed-in' ? 'Go to your dashboard' : 'Go to Parley'}
          </Button>
        }
      >
        {copy.text}
      </Panel>
    );
  }

  const inviter = invitation.invitedByName ?? 'A colleague';
  const isSignedInAs = auth.status === 'signed-in' ? auth.email.toLowerCase() : null;
  const isRightAccount = isSignedInAs === invitation.email;

  return (
    <Card className="gap-6 shadow-lg shadow-black/[0.03]">
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand/10">
          <UsersIcon className="size-6 text-brand" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl text-balance">Join {invitation.organizationName} on Parley</CardTitle>
        <CardDescription className="text-balance">
          {inviter} invited <span className="font-medium text-foreground">{invitation.email}</span> to join as:
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <RoleBadge role={invitation.role} className="mt-0.5" />
          <p className="text-sm text-muted-foreground">{ORGANIZATION_ROLE_DESCRIPTIONS[invitation.role]}</p>
        </div>
        <p className="text-center text-xs text-muted-foreground">The link works once, until {formatDate(invitation.expiresAt)}.</p>
        {auth.status === 'signed-in' && !isRightAccount && (
          <Alert>
            <AlertCircleIcon />
            <AlertTitle>You are signed in as {auth.email}</AlertTitle>
            <AlertDescription>This invitation is for {invitation.email}. Sign out, then sign in or sign up with that address.</AlertDescription>
          </Alert>
        )}
        {acceptError !== null && (
          <Alert variant="destructive">
            <AlertCircleIcon />
            <AlertTitle>Could not join</AlertTitle>
            <AlertDescription>{getErrorMessage(acceptError)}</AlertDescription>
          </Alert>
        )}
      </CardContent>
      <CardFooter className="flex flex-col gap-2">
        {auth.status === 'loading' && (
          <Button className="w-full" disabled>
            <Spinner />
            Checking your session…
          </Button>
        )}
        {auth.status === 'signed-out' && (
          <>
            <Button className="w-full" onClick={() => onContinueToAuth('sign-up', invitation.email)}>
              Sign up to join
            </Button>
            <Button variant="outline" className="w-full" onClick={() => onContinueToAuth('sign-in', invitation.email)}>
              I already have an account
            </Button>
          </>
        )}
        {auth.status === 'signed-in' && isRightAccount && (
          <Button
            className="w-full"
            disabled={accept.isPending}
            onClick={() => {
              setAcceptError(null);
              accept.mutate(token, {
                onSuccess: (result) => onAccepted(result),
                onError: (error) => {
                  setAcceptError(error);
                  void preview.refetch();
                },
              });
            }}
          >
            {accept.isPending && <Spinner />}
            Join {invitation.organizationName}
          </Button>
        )}
        {auth.status === 'signed-in' && !isRightAccount && (
          <Button className="w-full" onClick={onSignOutAndContinue}>
            Sign out and continue
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
