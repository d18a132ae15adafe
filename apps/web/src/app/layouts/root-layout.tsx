import { lazy, Profiler, Suspense, useCallback, type ProfilerOnRenderCallback } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DebugTools } from '@/components/debug/debug-tools';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { performanceMonitor } from '@/lib/performance-monitor';

/** Renders of the current route slower than 200 ms reach the performance monitor (React times them in development). */
const reportRender: ProfilerOnRenderCallback = (id, phase, actualDuration) => performanceMonitor.reportRender(`${id} (${phase})`, actualDuration);

// Loaded once someone is signed in: a visitor's first screen does not carry it.
const SessionTimeout = lazy(() => import('@/features/session-timeout/components/session-timeout').then((module) => ({ default: module.SessionTimeout })));

/** Spec part 1 §4 "Session": the idle warning and sign-out on every page while signed in (the landing and pricing pages too). */
function SignedInSessionTimeout() {
  const { status, endSession } = useAuth();
  const onSignedOut = useCallback(() => endSession('idle-timeout'), [endSession]);
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeout onSignedOut={onSignedOut} />
    </Suspense>
  );
}

/** Every route: the session and its idle timeout, an error boundary that clears when the user goes elsewhere, and the debug tools. */
export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <AuthProvider>
        <Profiler id={location.pathname} onRender={reportRender}>
          <Outlet />
        </Profiler>
        <ScrollRestoration />
        <SignedInSessionTimeout />
        <DebugTools />
      </AuthProvider>
    </ErrorBoundary>
  );
}
