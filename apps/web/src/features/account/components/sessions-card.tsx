import type { AccountSession } from '@parley/shared/contracts/account';
import { LaptopIcon, MonitorSmartphoneIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/get-sessions';
import { lastActiveText, sessionTitle } from '../utils/describe-session';

const DEVICE_ICONS = { desktop: LaptopIcon, mobile: SmartphoneIcon, tablet: TabletIcon, unknown: MonitorSmartphoneIcon } as const;

function SessionRow({ session, onSignOut, isSigningOut }: { session: AccountSession; onSignOut: () => void; isSigningOut: boolean }) {
  const Icon = DEVICE_ICONS[session.deviceType];
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        </div>
        <div className="min-w-0 space-y-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium">{sessionTitle(session)}</span>
            {session.isCurrent && <Badge variant="secondary">This device</Badge>}
          </div>
          <p className="text-xs text-muted-foreground">
            {session.isCurrent ? 'Active now' : lastActiveText(session.lastActiveAt)}
            {session.ipAddress && ` · IP ${session.ipAddress}`}
            {` · Signed in ${new Date(session.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}`}
          </p>
        </div>
      </div>
      {!session.isCurrent && (
        <Button variant="outline" size="sm" className="self-start sm:self-auto" disabled={isSigningOut} onClick={onSignOut}>
          {isSigningOut && <Spinner />}
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in, with sign-out of each and of all others. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [isConfirming, setIsConfirming] = useState(false);
  const others = sessions.data?.items.filter((s) => !s.isCurrent).length ?? 0;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setIsConfirming(false);
        toast.success(revoked === 1 ? 'Signed out 1 other session' : `Signed out ${revoked} other sessions`);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  return (
    <Card>
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle>Where you’re signed in</CardTitle>
        <CardDescription>Sign out a browser or device you don’t recognise or no longer use.</CardDescription>
        {others > 0 && (
          <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-3 max-sm:mt-2 max-sm:justify-self-start">
            <AlertDialog open={isConfirming} onOpenChange={setIsConfirming}>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm">
                  Sign out all others
                </Button>
              </AlertDialogTrigger>
              <ConfirmDialogContent
                title="Sign out everywhere else?"
                description={`${others} other session${others === 1 ? '' : 's'} will be signed out. This browser stays signed in.`}
                confirmLabel="Sign out others"
                isPending={revokeOthers.isPending}
                onConfirm={signOutOthers}
              />
            </AlertDialog>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <LoadingRows label="Loading sessions" rows={3} className="h-12 w-full" />
        ) : sessions.isError ? (
          <LoadErrorAlert query={sessions} title="Could not load your sessions" />
        ) : sessions.data.items.length === 0 ? (
          <EmptyState icon={MonitorSmartphoneIcon} title="No active sessions" description="Sign in again to see this browser here." />
        ) : (
          <ul className="divide-y">
            {sessions.data.items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                isSigningOut={revoke.isPending && revoke.variables === session.id}
                onSignOut={() =>
                  revoke.mutate(session.id, {
                    onSuccess: () => toast.success(`Signed out ${sessionTitle(session)}`),
                    onError: (error) => toast.error(getErrorMessage(error)),
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
