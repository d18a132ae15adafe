import { REFERRAL_QUERY_PARAM } from '@parley/shared/constants';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CheckEmailPanel } from '@/features/auth/components/check-email-panel';
import { OAuthButton } from '@/features/auth/components/oauth-button';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { rememberReferralCode } from '@/features/auth/utils/referral-code';

type Mode = 'sign-in' | 'sign-up';

const COPY: Record<Mode, { title: string; description: string; pageTitle: string }> = {
  'sign-in': {
    title: 'Welcome back',
    description: 'Use your e-mail address and password to reach your dashboard.',
    pageTitle: 'Sign in · Parley',
  },
  'sign-up': {
    title: 'Create your Parley account',
    description: 'Start building chatbots grounded in your own documents.',
    pageTitle: 'Sign up · Parley',
  },
};

export default function AuthRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // A referral link (/auth?ref=CODE) opens sign-up; the code is kept in the browser until the sign-up is sent.
  const referralCode = searchParams.get(REFERRAL_QUERY_PARAM);
  useEffect(() => rememberReferralCode(referralCode), [referralCode]);
  const mode: Mode = searchParams.get('mode') === 'sign-up' || referralCode ? 'sign-up' : 'sign-in';
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  // Sent here from an invitation (/invite/…): sign up with the invited address.
  const invitedEmail = typeof (location.state as { email?: unknown } | null)?.email === 'string' ? (location.state as { email: string }).email : undefined;

  const setMode = (next: string) => {
    setSearchParams(next === 'sign-up' ? { mode: 'sign-up' } : {}, {
      replace: true,
      preventScrollReset: true,
      // Keep where the visitor was headed before being sent here.
      state: location.state,
    });
  };

  return (
    <RedirectIfSignedIn>
      <title>{confirmationSentTo ? 'Check your e-mail · Parley' : COPY[mode].pageTitle}</title>
      <Card className="gap-6 shadow-lg shadow-black/[0.03]">
        {confirmationSentTo ? (
          <CardContent>
            <CheckEmailPanel
              email={confirmationSentTo}
              onBack={() => {
                setConfirmationSentTo(null);
                setMode('sign-in');
              }}
            />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle className="text-xl">{COPY[mode].title}</CardTitle>
              <CardDescription>{COPY[mode].description}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <Tabs value={mode} onValueChange={setMode} className="gap-6">
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="sign-in">Sign in</TabsTrigger>
                  <TabsTrigger value="sign-up">Sign up</TabsTrigger>
                </TabsList>
                <TabsContent value="sign-in">
                  <SignInForm />
                </TabsContent>
                <TabsContent value="sign-up">
                  <SignUpForm onSignedUp={setConfirmationSentTo} defaultEmail={invitedEmail} />
                </TabsContent>
              </Tabs>
              <OAuthButton />
            </CardContent>
          </>
        )}
      </Card>
    </RedirectIfSignedIn>
  );
}
