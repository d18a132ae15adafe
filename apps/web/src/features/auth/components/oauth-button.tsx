import { KeyRoundIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useAuthConfig } from '../api/get-auth-config';
import { useSignInWithOAuth } from '../api/sign-in-with-oauth';
import { authErrorMessage } from '../utils/auth-error-message';

/** "Continue with {provider}", only when the server has OAuth configured. Renders nothing otherwise. */
export function OAuthButton() {
  const config = useAuthConfig();
  const signIn = useSignInWithOAuth();
  const oauth = config.data?.oauth;
  if (!oauth?.enabled) return null;

  const start = async () => {
    try {
      const { url } = await signIn.mutateAsync({ providerId: oauth.providerId });
      if (!url) throw new Error('The sign-in provider did not answer with an address.');
      window.location.href = url;
    } catch (error) {
      toast.error(authErrorMessage(error instanceof ApiError ? error : { message: (error as Error).message }));
    }
  };

  // Keeps the spinner on while the browser leaves for the provider.
  const isBusy = signIn.isPending || signIn.isSuccess;
  return (
    <div className="grid gap-4">
      <div className="relative text-center text-xs text-muted-foreground after:absolute after:inset-x-0 after:top-1/2 after:z-0 after:border-t after:border-border">
        <span className="relative z-10 bg-card px-2 uppercase">or</span>
      </div>
      <Button type="button" variant="outline" className="w-full" onClick={start} disabled={isBusy}>
        {isBusy ? <Spinner /> : <KeyRoundIcon />}
        Continue with {oauth.name}
      </Button>
    </div>
  );
}
