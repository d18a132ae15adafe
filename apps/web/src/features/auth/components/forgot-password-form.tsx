import type { ForgotPasswordForm as ForgotPasswordFormValues } from '@parley/shared/contracts/auth';
import { AlertCircleIcon, ArrowLeftIcon, MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authErrorMessage, formatRetryAfter } from '../utils/auth-error-message';

const resolver = lazyZodResolver(() => import('@parley/shared/contracts/auth').then((contracts) => contracts.forgotPasswordFormSchema));

/** Shown once the request is sent: the same words whether or not the address has an account. */
export function ResetLinkSentPanel({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <div className="grid gap-6 text-center" role="status">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10">
        <MailCheckIcon className="size-7 text-brand" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <h2 className="text-xl font-semibold tracking-tight">Check your e-mail</h2>
        <p className="text-sm text-muted-foreground">
          If an account uses <span className="font-medium break-all text-foreground">{email}</span>, we sent it a link to choose a new password. The link works
          once, for 1 hour.
        </p>
      </div>
      <div className="grid gap-2">
        <Button asChild>
          <Link to={paths.auth}>
            <ArrowLeftIcon />
            Back to sign in
          </Link>
        </Button>
        <Button type="button" variant="ghost" onClick={onRetry}>
          Use another address
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Nothing arrived after a few minutes? Check your spam folder, or ask again.</p>
    </div>
  );
}

/** "Forgot password?": asks for the address and sends the reset link; `onSent` shows the neutral confirmation. */
export function ForgotPasswordForm({ defaultEmail = '', onSent }: { defaultEmail?: string; onSent: (email: string) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordFormValues>({ resolver, defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await request.mutateAsync(values);
      onSent(values.email.trim());
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const hint = formatRetryAfter(apiError?.retryAfterSeconds);
      const message = authErrorMessage(apiError ?? {});
      setProblem(hint ? `${message} ${hint}` : message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {problem && (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertTitle>Could not send the link</AlertTitle>
          <AlertDescription>
            <p>{problem}</p>
          </AlertDescription>
        </Alert>
      )}
      <Field>
        <Label htmlFor="forgot-password-email">Email</Label>
        <Input
          id="forgot-password-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'forgot-password-email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="forgot-password-email-error">{errors.email?.message}</FieldError>
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Send reset link
      </Button>
      <Button variant="ghost" asChild>
        <Link to={paths.auth}>
          <ArrowLeftIcon />
          Back to sign in
        </Link>
      </Button>
    </form>
  );
}
