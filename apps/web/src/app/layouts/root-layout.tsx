import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DebugTools } from '@/components/debug/debug-tools';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { performanceMonitor } from '@/lib/performance-monitor';

/** Renders of the current route slower than 200 ms reach the performance monitor (React times them in development). */
const reportRender: ProfilerOnRenderCallback = (id, phase, actualDuration) => performanceMonitor.reportRender(`${id} (${phase})`, actualDuration);

/** Every route: the session, an error boundary that clears when the user goes elsewhere, and the debug tools. */
export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <AuthProvider>
        <Profiler id={location.pathname} onRender={reportRender}>
          <Outlet />
        </Profiler>
        <ScrollRestoration />
        <DebugTools />
      </AuthProvider>
    </ErrorBoundary>
  );
}
