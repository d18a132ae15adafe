import { useState } from 'react';
import { useLocation } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm, ResetLinkSentPanel } from '@/features/auth/components/forgot-password-form';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';

/** /auth/forgot-password: asks for the address the reset link goes to. */
export default function ForgotPasswordRoute() {
  const location = useLocation();
  // The sign-in form passes the address typed there.
  const typedEmail = (location.state as { email?: unknown } | null)?.email;
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <RedirectIfSignedIn>
      <title>{sentTo ? 'Check your e-mail · Parley' : 'Reset your password · Parley'}</title>
      <Card className="gap-6 shadow-lg shadow-black/[0.03]">
        {sentTo ? (
          <CardContent>
            <ResetLinkSentPanel email={sentTo} onRetry={() => setSentTo(null)} />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle className="text-xl">Reset your password</CardTitle>
              <CardDescription>Enter the e-mail address of your account and we will send you a link to choose a new password.</CardDescription>
            </CardHeader>
            <CardContent>
              <ForgotPasswordForm defaultEmail={typeof typedEmail === 'string' ? typedEmail : ''} onSent={setSentTo} />
            </CardContent>
          </>
        )}
      </Card>
    </RedirectIfSignedIn>
  );
}
