import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DebugTools } from '@/components/debug/debug-tools';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';

/** Every route: the session, an error boundary that clears when the user goes elsewhere, and the debug tools. */
export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <AuthProvider>
        <Outlet />
        <ScrollRestoration />
        <DebugTools />
      </AuthProvider>
    </ErrorBoundary>
  );
}
