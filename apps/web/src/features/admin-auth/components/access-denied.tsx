import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { CheckCircle2Icon, CircleDashedIcon, ShieldAlertIcon, XCircleIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useBootstrapAdmin } from '../api/bootstrap-admin';
import { useVerifyAdminAccess } from '../api/verify-admin-access';
import { useAdminAuth } from '../hooks/use-admin-auth';
import { AdminStatusPanel } from './admin-status-panel';

function CheckLine({ label, state, text }: { label: string; state: 'ok' | 'failed' | 'pending'; text: string }) {
  const Icon = state === 'ok' ? CheckCircle2Icon : state === 'failed' ? XCircleIcon : CircleDashedIcon;
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={state === 'ok' ? 'mt-0.5 size-4 text-success' : state === 'failed' ? 'mt-0.5 size-4 text-destructive' : 'mt-0.5 size-4 animate-pulse'}
        aria-hidden="true"
      />
      <span>
        <span className="font-medium text-foreground">{label}:</span> {text}
      </span>
    </li>
  );
}

/**
 * Spec part 1 §4 step 3 and §8: a signed-in user who is not an admin. Shows the client-side check (the admin status
 * the console read) and the server-side check (whether a guarded admin endpoint lets the user in), any error, and
 * while no admin exists at all, the bootstrap button.
 */
export function AccessDenied({
  isSignedIn,
  sessionError = null,
  actions,
  reload = () => window.location.reload(),
}: {
  isSignedIn: boolean;
  /** Why the session could not be read (network or server error): then nothing is known of the admin record either. */
  sessionError?: Error | null;
  actions?: ReactNode;
  reload?: () => void;
}) {
  const { adminMe, error } = useAdminAuth();
  const serverCheck = useVerifyAdminAccess({ enabled: isSignedIn });
  const [isReloading, setReloading] = useState(false);
  const bootstrap = useBootstrapAdmin({
    onSuccess: () => {
      setReloading(true);
      toast.success(ADMIN_MESSAGES.bootstrapDone);
      setTimeout(reload, 800);
    },
    onError: (failure) => {
      console.error('Admin bootstrap failed', failure);
      toast.error(ADMIN_MESSAGES.bootstrapFailed);
    },
  });

  const clientText = !isSignedIn
    ? ADMIN_MESSAGES.noAuthenticatedUser
    : sessionError
      ? ADMIN_MESSAGES.verificationFailedWith(getErrorMessage(sessionError))
      : error
        ? ADMIN_MESSAGES.verificationFailedWith(getErrorMessage(error))
        : adminMe?.isAdmin
          ? adminMe.isActive
            ? 'Admin record found'
            : 'Admin record found, but it is inactive'
          : 'No active admin record for this account';
  const serverState = serverCheck.isPending ? 'pending' : serverCheck.isError ? 'failed' : serverCheck.data === 'granted' ? 'ok' : 'failed';
  const serverText = !isSignedIn
    ? ADMIN_MESSAGES.noAuthenticatedUser
    : serverCheck.isPending
      ? 'Checking…'
      : serverCheck.isError
        ? ADMIN_MESSAGES.verificationFailedWith(getErrorMessage(serverCheck.error))
        : serverCheck.data === 'granted'
          ? 'The server accepts this account as an admin'
          : 'The server refused admin access';

  return (
    <AdminStatusPanel icon={ShieldAlertIcon} title={ADMIN_MESSAGES.accessDeniedTitle} tone="destructive" testId="access-denied">
      <p className="text-base text-foreground">{ADMIN_MESSAGES.notAdmin}</p>
      <p>{ADMIN_MESSAGES.contactAdmin}</p>
      <ul className="grid gap-2 rounded-lg border bg-muted/40 p-3" aria-label="Verification status">
        <CheckLine
          label="Client-side verification"
          state={adminMe?.isAdmin && adminMe.isActive ? 'ok' : error || sessionError ? 'failed' : adminMe ? 'failed' : 'pending'}
          text={clientText}
        />
        <CheckLine label="Server-side verification" state={serverState} text={serverText} />
      </ul>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{ADMIN_MESSAGES.verificationFailedWith(getErrorMessage(error))}</AlertDescription>
        </Alert>
      )}
      {adminMe?.noAdminsExist && (
        <div className="grid gap-2 rounded-lg border border-dashed p-3">
          <p>This installation has no administrator yet. The first signed-in user may claim the role of system administrator.</p>
          <Button onClick={() => bootstrap.mutate()} disabled={bootstrap.isPending || isReloading} className="w-fit">
            {(bootstrap.isPending || isReloading) && <Spinner />}
            {ADMIN_MESSAGES.bootstrapButton}
          </Button>
        </div>
      )}
      {actions && <div className="flex flex-wrap gap-2 pt-1">{actions}</div>}
    </AdminStatusPanel>
  );
}
