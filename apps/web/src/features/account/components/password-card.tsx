import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@parley/shared/constants';
import { changePasswordFormSchema } from '@parley/shared/contracts/account';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useChangePassword } from '../api/change-password';

type FieldName = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Current password required; every other browser is signed out afterwards. */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      toast.success('Password changed', { description: 'Every other browser and device was signed out.' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { message: 'This is not your current password' });
        return;
      }
      toast.error(getErrorMessage(error));
    }
  });

  const input = (name: FieldName, label: string, autoComplete: string, hint?: string) => (
    <Field>
      <Label htmlFor={`password-${name}`}>{label}</Label>
      <Input id={`password-${name}`} type="password" autoComplete={autoComplete} aria-invalid={errors[name] ? true : undefined} {...form.register(name)} />
      {errors[name] ? <FieldError>{errors[name]?.message}</FieldError> : hint && <FieldDescription>{hint}</FieldDescription>}
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          {hasPassword ? 'Changing it signs you out everywhere else.' : 'You sign in with single sign-on: your account has no Parley password to change.'}
        </CardDescription>
      </CardHeader>
      {hasPassword && (
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
            {input('currentPassword', 'Current password', 'current-password')}
            {input('newPassword', 'New password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
            {input('confirmPassword', 'New password again', 'new-password')}
            <div>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting && <Spinner />}
                Change password
              </Button>
            </div>
          </form>
        </CardContent>
      )}
    </Card>
  );
}
