import type { SignInForm as SignInFormValues } from '@parley/shared/contracts/auth';
import { AlertCircleIcon, MailWarningIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { useSignInWithEmail } from '../api/sign-in-with-email';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage, formatRetryAfter } from '../utils/auth-error-message';

const resolver = lazyZodResolver(() => import('@parley/shared/contracts/auth').then((contracts) => contracts.signInFormSchema));

interface SignInProblem {
  code: string;
  message: string;
  hint: string | null;
}

function describeProblem(error: unknown): SignInProblem {
  if (error instanceof ApiError) {
    return { code: error.code, message: authErrorMessage(error), hint: formatRetryAfter(error.retryAfterSeconds) };
  }
  return { code: 'UNKNOWN', message: authErrorMessage({}), hint: null };
}

export function SignInForm() {
  const { refresh } = useAuth();
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const signIn = useSignInWithEmail();
  const resend = useSendVerificationEmail();
  const form = useForm<SignInFormValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Carried to "Forgot password?" so the address need not be typed twice.
  const typedEmail = form.watch('email');

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      const next = describeProblem(error);
      setProblem(next);
      toast.error(next.message, next.hint ? { description: next.hint } : undefined);
      return;
    }
    // The session cookie is set; reading /api/me makes the app "signed in" and the page moves on.
    try {
      const me = await refresh();
      if (!me) toast.error('You are signed in, but your session could not be read. Please try again.');
    } catch (error) {
      toast.error(authErrorMessage(error instanceof ApiError ? error : {}));
    }
  });

  const resendConfirmation = async () => {
    const email = form.getValues('email');
    try {
      await resend.mutateAsync({ email });
      toast.success('Confirmation e-mail sent', { description: `Check the inbox of ${email}.` });
    } catch (error) {
      const next = describeProblem(error);
      toast.error(next.message, next.hint ? { description: next.hint } : undefined);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {problem && (
        <Alert variant={problem.code === 'EMAIL_NOT_VERIFIED' ? 'default' : 'destructive'}>
          {problem.code === 'EMAIL_NOT_VERIFIED' ? <MailWarningIcon /> : <AlertCircleIcon />}
          <AlertTitle>{problem.code === 'EMAIL_NOT_VERIFIED' ? 'Confirm your e-mail' : 'Could not sign in'}</AlertTitle>
          <AlertDescription>
            <p>{problem.message}</p>
            {problem.hint && <p>{problem.hint}</p>}
            {problem.code === 'EMAIL_NOT_VERIFIED' && (
              <Button type="button" variant="outline" size="sm" className="mt-2 text-foreground" onClick={resendConfirmation} disabled={resend.isPending}>
                {resend.isPending && <Spinner />}
                Resend confirmation e-mail
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      <Field>
        <Label htmlFor="sign-in-email">Email</Label>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="sign-in-email-error">{errors.email?.message}</FieldError>
      </Field>
      <Field>
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="sign-in-password">Password</Label>
          <Link
            to={paths.forgotPassword}
            state={{ email: typedEmail }}
            className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          {...form.register('password')}
        />
        <FieldError id="sign-in-password-error">{errors.password?.message}</FieldError>
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Sign in
      </Button>
    </form>
  );
}
