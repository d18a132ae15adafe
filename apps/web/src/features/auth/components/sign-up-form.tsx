import { PASSWORD_MIN_LENGTH } from '@parley/shared/constants';
import type { SignUpForm as SignUpFormValues } from '@parley/shared/contracts/auth';
import { AlertCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSignUpWithEmail } from '../api/sign-up-with-email';
import { authErrorMessage, formatRetryAfter } from '../utils/auth-error-message';

const resolver = lazyZodResolver(() => import('@parley/shared/contracts/auth').then((contracts) => contracts.signUpFormSchema));

/** Collects first name, last name, e-mail and password; on success the parent shows "Check your e-mail". */
export function SignUpForm({ onSignedUp, defaultEmail = '' }: { onSignedUp: (email: string) => void; /** An invitation's address. */ defaultEmail?: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = useSignUpWithEmail();
  const form = useForm<SignUpFormValues>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signUp.mutateAsync(values);
      onSignedUp(values.email);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = authErrorMessage(apiError ?? {});
      const hint = formatRetryAfter(apiError?.retryAfterSeconds);
      setProblem(hint ? `${message} ${hint}` : message);
      toast.error(message, hint ? { description: hint } : undefined);
    }
  });

  const fieldProps = (name: 'firstName' | 'lastName' | 'email' | 'password') => ({
    id: `sign-up-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `sign-up-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {problem && (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertTitle>Could not create your account</AlertTitle>
          <AlertDescription>
            <p>{problem}</p>
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <Field>
          <Label htmlFor="sign-up-firstName">First name</Label>
          <Input autoComplete="given-name" {...fieldProps('firstName')} />
          <FieldError id="sign-up-firstName-error">{errors.firstName?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor="sign-up-lastName">Last name</Label>
          <Input autoComplete="family-name" {...fieldProps('lastName')} />
          <FieldError id="sign-up-lastName-error">{errors.lastName?.message}</FieldError>
        </Field>
      </div>
      <Field>
        <Label htmlFor="sign-up-email">Email</Label>
        <Input type="email" autoComplete="email" placeholder="you@company.com" {...fieldProps('email')} />
        <FieldError id="sign-up-email-error">{errors.email?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="sign-up-password">Password</Label>
        <Input type="password" autoComplete="new-password" {...fieldProps('password')} />
        {errors.password ? (
          <FieldError id="sign-up-password-error">{errors.password.message}</FieldError>
        ) : (
          <FieldDescription>At least {PASSWORD_MIN_LENGTH} characters.</FieldDescription>
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Create account
      </Button>
    </form>
  );
}
