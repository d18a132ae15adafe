import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';
import { safeRedirectPath } from '../utils/safe-redirect';

/** Pages for signed-out visitors (/auth): a signed-in user goes on to where they were headed, or the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'signed-in') {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={safeRedirectPath(from, paths.dashboard)} replace />;
  }
  // While the session is being read the forms are shown anyway: a visitor without a server still sees them.
  return children;
}
