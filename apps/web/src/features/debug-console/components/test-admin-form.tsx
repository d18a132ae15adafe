import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { testAdminBodySchema } from '@parley/shared/contracts/admin-auth';
import { MESSAGES } from '@parley/shared/messages';
import { AlertCircleIcon, CheckCircle2Icon, FlaskConicalIcon, LogInIcon, UserPlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useCreateTestAdmin } from '../api/create-test-admin';
import { useSignInTestAdmin } from '../api/sign-in-test-admin';

type Notice = { tone: 'success' | 'error'; text: string };

/** Sign-in refusals whose server wording would be hidden by the error sanitiser (it mentions the password). */
const SIGN_IN_TEXT_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  ACCOUNT_DEACTIVATED: MESSAGES.accountDeactivated,
  RATE_LIMITED: MESSAGES.tooManyAttempts,
};

function signInFailure(error: unknown): string {
  if (error instanceof ApiError && SIGN_IN_TEXT_BY_CODE[error.code]) return SIGN_IN_TEXT_BY_CODE[error.code]!;
  return getErrorMessage(error);
}

/**
 * Spec part 1 §2 "Debug console": Create Test Admin and Sign In Test Admin, with the spec's alerts (§8). The server
 * refuses the create call unless it runs in development mode; its reason is shown as it is.
 */
export function TestAdminForm({ onSignedIn }: { onSignedIn: () => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const create = useCreateTestAdmin();
  const signIn = useSignInTestAdmin();
  const isBusy = create.isPending || signIn.isPending;

  const credentials = (): { email: string; password: string } | null => {
    if (!email.trim() || !password) {
      setNotice({ tone: 'error', text: ADMIN_MESSAGES.testAdminMissingFields });
      return null;
    }
    return { email: email.trim(), password };
  };

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const input = credentials();
    if (!input) return;
    // The shared contract's own wording (e.g. the password length) is ours to show; the server checks the same.
    const checked = testAdminBodySchema.safeParse(input);
    if (!checked.success) {
      setNotice({ tone: 'error', text: ADMIN_MESSAGES.testAdminSignUpError(checked.error.issues[0]?.message ?? MESSAGES.genericError) });
      return;
    }
    setNotice(null);
    create.mutate(input, {
      onSuccess: () => setNotice({ tone: 'success', text: ADMIN_MESSAGES.testAdminCreated }),
      onError: (error) => {
        const message = getErrorMessage(error);
        // The server's refusals (400 validation, 403 not in development, 409 taken) are sign-up errors; anything else is not.
        setNotice({
          tone: 'error',
          text:
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? ADMIN_MESSAGES.testAdminSignUpError(message)
              : ADMIN_MESSAGES.testAdminError(message),
        });
      },
    });
  };

  const onSignIn = () => {
    const input = credentials();
    if (!input) return;
    setNotice(null);
    signIn.mutate(input, {
      onSuccess: async () => {
        await onSignedIn().catch(() => undefined);
        setNotice({ tone: 'success', text: ADMIN_MESSAGES.testAdminSignedIn });
      },
      onError: (error) => setNotice({ tone: 'error', text: ADMIN_MESSAGES.testAdminSignInError(signInFailure(error)) }),
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConicalIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Test admin
        </CardTitle>
        <CardDescription>Creates a confirmed account holding System Admin. Works only while the server runs in development mode.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onCreate} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="test-admin-email">Email</Label>
            <Input id="test-admin-email" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="test-admin-password">Password</Label>
            <Input
              id="test-admin-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          {notice && (
            <Alert variant={notice.tone === 'error' ? 'destructive' : 'default'} data-testid="test-admin-notice">
              {notice.tone === 'error' ? <AlertCircleIcon /> : <CheckCircle2Icon className="text-success" />}
              <AlertDescription className={notice.tone === 'error' ? undefined : 'text-foreground'}>{notice.text}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={isBusy}>
              {create.isPending ? <Spinner /> : <UserPlusIcon />}
              Create Test Admin
            </Button>
            <Button type="button" variant="outline" onClick={onSignIn} disabled={isBusy}>
              {signIn.isPending ? <Spinner /> : <LogInIcon />}
              Sign In Test Admin
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
