import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { InvalidResetLinkPanel, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * /auth/reset-password: the e-mail's link lands here through Better Auth, with `?token=` when the link is good and
 * `?error=INVALID_TOKEN` when it is not (expired, used, or mangled).
 */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, signOut } = useAuth();
  const token = params.get('token');
  const [isDeadLink, setIsDeadLink] = useState(() => Boolean(params.get('error')) || !token);

  const onDone = () => {
    // The reset ended every session, this browser's too: leave cleanly rather than meet a 401 later.
    if (status === 'signed-in') {
      void signOut({ redirectTo: paths.auth });
      return;
    }
    toast.success('Password changed', { description: 'Sign in with your new password.' });
    void navigate(paths.auth, { replace: true });
  };

  return (
    <>
      <title>{isDeadLink ? 'Link expired · Parley' : 'Choose a new password · Parley'}</title>
      <Card className="gap-6 shadow-lg shadow-black/[0.03]">
        {isDeadLink || !token ? (
          <CardContent>
            <InvalidResetLinkPanel />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle className="text-xl">Choose a new password</CardTitle>
              <CardDescription>After this you are signed out everywhere; sign in again with the new password.</CardDescription>
            </CardHeader>
            <CardContent>
              <ResetPasswordForm token={token} onDone={onDone} onDeadLink={() => setIsDeadLink(true)} />
            </CardContent>
          </>
        )}
      </Card>
    </>
  );
}
