import type { Invitation } from '@parley/shared/contracts/organizations';
import { MailIcon, RotateCwIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { RoleBadge } from './role-badge';

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const [isRevokeOpen, setRevokeOpen] = useState(false);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="team-invitation" data-email={invitation.email}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted" aria-hidden="true">
        <MailIcon className="size-4 text-muted-foreground" />
      </span>
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <p className="truncate text-sm font-medium">{invitation.email}</p>
        <p className="truncate text-xs text-muted-foreground">
          {invitation.invitedByName ? `Invited by ${invitation.invitedByName} · ` : ''}
          {invitation.sendCount > 1 ? `sent ${invitation.sendCount} times, last ` : 'sent '}
          {formatDate(invitation.lastSentAt)} · {invitation.isExpired ? 'expired' : 'expires'} {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <div className="flex w-full flex-wrap items-center gap-1 pl-12 sm:w-auto sm:gap-2 sm:pl-0">
        {invitation.isExpired && <Badge variant="destructive">Expired</Badge>}
        <RoleBadge role={invitation.role} />
        <Button
          variant="ghost"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => toast.success(`Invitation sent to ${invitation.email} again`, { description: 'The earlier link no longer works.' }),
              onError: (error) => toast.error(`Could not send the invitation again: ${getErrorMessage(error)}`),
            })
          }
        >
          {resend.isPending ? <Spinner /> : <RotateCwIcon />}
          Resend
        </Button>
        <AlertDialog open={isRevokeOpen} onOpenChange={setRevokeOpen}>
          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setRevokeOpen(true)}>
            <XIcon />
            Revoke
          </Button>
          <ConfirmDialogContent
            title={`Revoke the invitation to ${invitation.email}?`}
            description="The link in the e-mail stops working. You can invite this address again later."
            confirmLabel="Revoke"
            isPending={revoke.isPending}
            onConfirm={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => {
                  toast.success(`The invitation to ${invitation.email} was revoked`);
                  setRevokeOpen(false);
                },
                onError: (error) => toast.error(`Could not revoke the invitation: ${getErrorMessage(error)}`),
              })
            }
          />
        </AlertDialog>
      </div>
    </li>
  );
}

/** Invitations not yet accepted: re-send (a new link, a new 7 days) or revoke. */
export function InvitationsCard({ organizationId }: { organizationId: string }) {
  const invitations = useInvitations(organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
        <CardDescription>Links not used yet. Each works once and expires after 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? (
          <LoadingRows label="Loading invitations" rows={2} className="h-12 w-full" />
        ) : invitations.isError ? (
          <LoadErrorAlert query={invitations} title="Could not load the invitations" />
        ) : invitations.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No pending invitations. Use “Invite member” to add someone.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Pending invitations">
            {invitations.data.items.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
