import { ArrowLeftIcon, MailCheckIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { authErrorMessage, formatRetryAfter } from '../utils/auth-error-message';

/** Shown after sign-up: the account exists but must be confirmed from the e-mail before signing in. */
export function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useSendVerificationEmail();

  const resendConfirmation = async () => {
    try {
      await resend.mutateAsync({ email });
      toast.success('Confirmation e-mail sent', { description: `Check the inbox of ${email}.` });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const hint = formatRetryAfter(apiError?.retryAfterSeconds);
      toast.error(authErrorMessage(apiError ?? {}), hint ? { description: hint } : undefined);
    }
  };

  return (
    <div className="grid gap-6 text-center" role="status">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10">
        <MailCheckIcon className="size-7 text-brand" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <h2 className="text-xl font-semibold tracking-tight">Check your e-mail</h2>
        <p className="text-sm text-muted-foreground">
          We sent a confirmation link to <span className="font-medium break-all text-foreground">{email}</span>. Open it to confirm your address — you will be
          signed in and taken to your dashboard.
        </p>
      </div>
      <div className="grid gap-2">
        <Button type="button" variant="outline" onClick={resendConfirmation} disabled={resend.isPending}>
          {resend.isPending && <Spinner />}
          Resend confirmation e-mail
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          <ArrowLeftIcon />
          Back to sign in
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Nothing arrived after a few minutes? Check your spam folder.</p>
    </div>
  );
}
