import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';

/** Every route: the session, and an error boundary that clears when the user goes elsewhere. */
export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <AuthProvider>
        <Outlet />
        <ScrollRestoration />
      </AuthProvider>
    </ErrorBoundary>
  );
}
