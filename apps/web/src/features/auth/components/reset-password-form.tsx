import { PASSWORD_MIN_LENGTH } from '@parley/shared/constants';
import type { ResetPasswordForm as ResetPasswordFormValues } from '@parley/shared/contracts/auth';
import { AlertCircleIcon, ArrowLeftIcon, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useResetPassword } from '../api/reset-password';
import { authErrorMessage } from '../utils/auth-error-message';

const resolver = lazyZodResolver(() => import('@parley/shared/contracts/auth').then((contracts) => contracts.resetPasswordFormSchema));

/** Codes that mean the link itself is spent: the page offers a new one rather than the form. */
const DEAD_LINK_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND']);

/** The reset link was invalid, used or expired (Better Auth does not say which): ask for a new one. */
export function InvalidResetLinkPanel() {
  return (
    <div className="grid gap-6 text-center" role="alert">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10">
        <LinkIcon className="size-7 text-destructive" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <h2 className="text-xl font-semibold tracking-tight">This link has expired or was already used</h2>
        <p className="text-sm text-muted-foreground">Reset links work once, for 1 hour. Ask for a new one and use the newest e-mail.</p>
      </div>
      <div className="grid gap-2">
        <Button asChild>
          <Link to={paths.forgotPassword}>Send a new link</Link>
        </Button>
        <Button variant="ghost" asChild>
          <Link to={paths.auth}>
            <ArrowLeftIcon />
            Back to sign in
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The new password (sign-up's rules), typed twice; `onDone` once it is set, `onDeadLink` when the token is refused. */
export function ResetPasswordForm({ token, onDone, onDeadLink }: { token: string; onDone: () => void; onDeadLink: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormValues>({ resolver, defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && DEAD_LINK_CODES.has(apiError.code)) return onDeadLink();
      setProblem(authErrorMessage(apiError ?? {}));
      return;
    }
    onDone();
  });

  const fieldProps = (name: 'newPassword' | 'confirmPassword') => ({
    id: `reset-password-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `reset-password-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {problem && (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertTitle>Could not set the new password</AlertTitle>
          <AlertDescription>
            <p>{problem}</p>
          </AlertDescription>
        </Alert>
      )}
      <Field>
        <Label htmlFor="reset-password-newPassword">New password</Label>
        <Input type="password" autoComplete="new-password" autoFocus {...fieldProps('newPassword')} />
        {errors.newPassword ? (
          <FieldError id="reset-password-newPassword-error">{errors.newPassword.message}</FieldError>
        ) : (
          <FieldDescription>At least {PASSWORD_MIN_LENGTH} characters.</FieldDescription>
        )}
      </Field>
      <Field>
        <Label htmlFor="reset-password-confirmPassword">Repeat the new password</Label>
        <Input type="password" autoComplete="new-password" {...fieldProps('confirmPassword')} />
        <FieldError id="reset-password-confirmPassword-error">{errors.confirmPassword?.message}</FieldError>
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Set new password
      </Button>
    </form>
  );
}
