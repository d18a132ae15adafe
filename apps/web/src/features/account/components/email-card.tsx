import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, type AccountProfile } from '@parley/shared/contracts/account';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useChangeEmail } from '../api/change-email';

const formSchema = changeEmailBodySchema.pick({ newEmail: true });

/** The sign-in address, and changing it: a link goes to the new address and the change waits for it. */
export function EmailCard({ profile }: { profile: AccountProfile }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail();
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { newEmail: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    try {
      await change.mutateAsync(newEmail.toLowerCase());
      setSentTo(newEmail.toLowerCase());
      form.reset();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail address</CardTitle>
        <CardDescription>You sign in with it, and Parley writes to it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium break-all">{profile.email}</span>
          <Badge variant={profile.emailVerified ? 'secondary' : 'outline'}>{profile.emailVerified ? 'Confirmed' : 'Not confirmed'}</Badge>
        </div>
        {sentTo && (
          <Alert>
            <MailCheckIcon />
            <AlertTitle>Check {sentTo}</AlertTitle>
            <AlertDescription>
              <p>
                We sent a confirmation link to the new address. Your e-mail changes when you open it (within 24 hours); until then you keep signing in with{' '}
                {profile.email}, and we tell that address once the change is made.
              </p>
            </AlertDescription>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field className="flex-1">
            <Label htmlFor="account-new-email">New e-mail address</Label>
            <Input
              id="account-new-email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              aria-invalid={errors.newEmail ? true : undefined}
              {...form.register('newEmail')}
            />
            <FieldError>{errors.newEmail?.message}</FieldError>
          </Field>
          <Button type="submit" variant="outline" className="sm:mt-[1.375rem]" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            Send confirmation link
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
