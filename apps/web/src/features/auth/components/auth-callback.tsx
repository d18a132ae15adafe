import { AlertTriangleIcon, CheckCircle2Icon, CloudOffIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { claimReferral } from '../api/claim-referral';
import { useAuth } from '../hooks/use-auth';
import { describeCallbackError } from '../utils/callback-error';
import { forgetReferralCode, storedReferralCode } from '../utils/referral-code';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      {icon}
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/**
 * /auth/callback: where the e-mail confirmation link (`?type=email`) and the OAuth provider send the browser back,
 * with `?error=…` when something failed. The session cookie, if any, is already set: /api/me tells.
 */
export function AuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, refresh } = useAuth();
  const error = params.get('error');
  const isEmail = params.get('type') === 'email';
  const announcedRef = useRef(false);

  // The cookie was set by a redirect the app did not see: read the session afresh rather than trust a cache.
  useEffect(() => {
    if (!error) void refresh().catch(() => undefined);
  }, [error, refresh]);

  useEffect(() => {
    if (error || status !== 'signed-in' || announcedRef.current) return;
    announcedRef.current = true;
    // A sign-up through single sign-on could not carry the referral link's code: it is sent now (the server ignores
    // it for an account that is not new). An e-mail sign-up already sent it and forgot it.
    const referralCode = storedReferralCode();
    if (referralCode) void claimReferral(referralCode).then(forgetReferralCode, () => undefined);
    toast.success(isEmail ? 'E-mail confirmed' : 'Signed in');
    void navigate(paths.dashboard, { replace: true });
  }, [error, status, isEmail, navigate]);

  if (error) {
    const text = describeCallbackError(error, params.get('error_description'));
    return (
      <Panel icon={<AlertTriangleIcon className="size-10 text-destructive" aria-hidden="true" />} title={text.title}>
        <p className="max-w-sm text-sm text-muted-foreground">{text.description}</p>
        <Button asChild>
          <Link to={paths.auth}>Back to sign in</Link>
        </Button>
      </Panel>
    );
  }

  if (status === 'loading' || status === 'signed-in') {
    return (
      <Panel
        icon={
          isEmail && status === 'signed-in' ? (
            <CheckCircle2Icon className="size-10 text-success" aria-hidden="true" />
          ) : (
            <Spinner className="size-8 text-muted-foreground" />
          )
        }
        title={isEmail ? (status === 'signed-in' ? 'E-mail confirmed' : 'Confirming your e-mail…') : 'Completing sign-in…'}
      >
        <p className="text-sm text-muted-foreground">Taking you to your dashboard…</p>
      </Panel>
    );
  }

  if (status === 'error') {
    return (
      <Panel icon={<CloudOffIcon className="size-10 text-muted-foreground" aria-hidden="true" />} title="We could not reach Parley">
        <p className="max-w-sm text-sm text-muted-foreground">The server did not answer, so we could not finish signing you in. Try again in a moment.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => void refresh().catch(() => undefined)}>Try again</Button>
          <Button variant="outline" asChild>
            <Link to={paths.auth}>Back to sign in</Link>
          </Button>
        </div>
      </Panel>
    );
  }

  // Signed out: a confirmed e-mail without automatic sign-in, or an OAuth round trip that set no session.
  return isEmail ? (
    <Panel icon={<CheckCircle2Icon className="size-10 text-success" aria-hidden="true" />} title="E-mail confirmed">
      <p className="max-w-sm text-sm text-muted-foreground">Your e-mail address is confirmed. Sign in to continue.</p>
      <Button asChild>
        <Link to={paths.auth}>Sign in</Link>
      </Button>
    </Panel>
  ) : (
    <Panel icon={<AlertTriangleIcon className="size-10 text-destructive" aria-hidden="true" />} title="You are not signed in">
      <p className="max-w-sm text-sm text-muted-foreground">The sign-in did not complete. Please sign in again.</p>
      <Button asChild>
        <Link to={paths.auth}>Back to sign in</Link>
      </Button>
    </Panel>
  );
}
