import { CloudOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';

/** Renders its children only for a signed-in user; others go to /auth (and come back here after signing in). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, refresh } = useAuth();
  const location = useLocation();
  // Signing out navigates away first; while the destination loads, do not send the user to /auth as well.
  const leaving = useNavigation().state !== 'idle';

  if (status === 'loading') return <FullPageSpinner label="Checking your session…" />;
  if (status === 'signed-out') {
    if (leaving) return <FullPageSpinner />;
    return <Navigate to={paths.auth} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (status === 'error') {
    return (
      <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <CloudOffIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <div className="space-y-1">
          <h1 className="text-lg font-semibold">We could not reach Parley</h1>
          <p className="max-w-sm text-sm text-muted-foreground">
            Your session could not be checked because the server did not answer. Check your connection and try again.
          </p>
        </div>
        <Button onClick={() => void refresh().catch(() => undefined)}>Try again</Button>
      </div>
    );
  }
  return children;
}
