import type { MeResponse } from '@parley/shared/contracts/auth';
import { MESSAGES } from '@parley/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { NOT_ORGANIZATION_MEMBER_MESSAGE } from '@parley/shared/access';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { clearStoredAuth } from '@/lib/auth-storage';
import { currentOrganization } from '@/lib/current-organization';
import { debugLog } from '@/lib/debug-log';
import { getMeQueryOptions, ME_QUERY_KEY, useMe } from '../api/get-me';
import { reportSecurityEvent } from '../api/report-security-event';
import { useSignOut } from '../api/sign-out';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../hooks/use-auth';

/**
 * Holds "who is signed in", read from GET /api/me (query key ['me']), and the ways a session ends:
 * manual sign-out, idle timeout, and the server no longer recognising the session.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const meQuery = useMe();
  const signOutMutation = useSignOut();
  /** The user id the app believes is signed in; null once a session ended on purpose. */
  const knownUserIdRef = useRef<string | null>(null);
  /**
   * True from the moment a manual sign-out starts until someone signs in again: requests still in flight (the
   * console's polling) answer 401 once the server has ended the session, even after the user has left for the
   * sign-out's destination, and must not send them on to /auth.
   */
  const signingOutRef = useRef(false);

  const clearLocalSession = useCallback(async () => {
    knownUserIdRef.current = null;
    clearStoredAuth();
    currentOrganization.set(null);
    await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
    // Drop every cached answer that belonged to the session; 'me' becomes "signed out" at once.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
  }, [queryClient]);

  /** The server stopped accepting a session the app believed in. */
  const handleSessionLost = useCallback(
    async (detail: string) => {
      if (knownUserIdRef.current === null || signingOutRef.current) return;
      knownUserIdRef.current = null;
      debugLog('auth', 'warn', `Session lost: ${detail}`);
      void reportSecurityEvent({ eventType: 'token_refresh_failed', message: detail });
      await clearLocalSession();
      toast.info(MESSAGES.sessionRecovery, { description: MESSAGES.sessionRecoveryBody });
      void navigate(paths.auth, { replace: true });
    },
    [clearLocalSession, navigate],
  );

  // Track the signed-in user, and notice when /api/me starts answering 401 for them.
  const me = meQuery.data;
  useEffect(() => {
    if (me && knownUserIdRef.current !== me.user.id) debugLog('auth', 'info', 'Session active', { userId: me.user.id, expiresAt: me.session.expiresAt });
    if (me === null && knownUserIdRef.current === null) debugLog('auth', 'debug', 'No session: signed out');
    if (me) {
      knownUserIdRef.current = me.user.id;
      signingOutRef.current = false;
    } else if (me === null && knownUserIdRef.current !== null) {
      void handleSessionLost('GET /api/me answered 401 for a session the app believed was valid');
    }
  }, [me, handleSessionLost]);

  // A network error or a 5xx while reading the session is worth a security event (once per failure).
  const { error: meError, errorUpdatedAt } = meQuery;
  useEffect(() => {
    if (!(meError instanceof ApiError) || !(meError.isNetworkError || meError.isServerError)) return;
    void reportSecurityEvent({
      eventType: 'session_fetch_error',
      message: `GET /api/me failed: ${meError.status === 0 ? 'network error' : `HTTP ${meError.status}`} (${meError.code})`,
    });
  }, [meError, errorUpdatedAt]);

  // A 401 from any other API call means the session is gone.
  useEffect(
    () =>
      setUnauthorizedHandler((path) => {
        if (signingOutRef.current) return;
        if (knownUserIdRef.current !== null) void handleSessionLost(`${path} answered 401`);
        else void navigate(paths.auth, { replace: true });
      }),
    [handleSessionLost, navigate],
  );

  const { mutateAsync: signOutRequest, isPending: isSigningOut } = signOutMutation;
  const signOut = useCallback(
    async ({ redirectTo = paths.auth }: { redirectTo?: string } = {}) => {
      let failure: unknown = null;
      signingOutRef.current = true;
      try {
        await signOutRequest();
      } catch (error) {
        failure = error;
      }
      // Spec part 1 §4: local auth state is cleared even when the sign-out call fails.
      debugLog('auth', failure ? 'warn' : 'info', failure ? 'Signed out locally; the server call failed' : 'Signed out');
      // Leave first: the destination may load lazily, and a page guarded by the session must not redirect to
      // /auth meanwhile (the guards wait while a navigation is under way). React Router commits navigation state in a
      // transition, which an urgent render (the session below becoming "signed out") can overtake: flushSync commits
      // "navigating" before the session is cleared, so no guard ever sees "signed out" while idle.
      const leaving = navigate(redirectTo, { replace: true, flushSync: true });
      await clearLocalSession();
      if (failure) toast.error(MESSAGES.signOutError, { description: getErrorMessage(failure) });
      else toast.success(MESSAGES.signedOut);
      await leaving;
    },
    [signOutRequest, clearLocalSession, navigate],
  );

  const recoverSession = useCallback(async () => {
    // The session cookie is HTTP-only: "clearing stale tokens" means ending the session on the server too.
    await signOutRequest().catch(() => undefined);
    await clearLocalSession();
    toast.info(MESSAGES.sessionRecovery, { description: MESSAGES.sessionRecoveryBody });
    void navigate(paths.auth, { replace: true });
  }, [signOutRequest, clearLocalSession, navigate]);

  const endSession = useCallback(
    (reason: 'idle-timeout') => {
      debugLog('auth', 'info', `Session ended: ${reason}`);
      void clearLocalSession().then(() => {
        if (reason === 'idle-timeout') {
          toast.info('You were signed out', { description: 'Your session ended after 30 minutes of inactivity.' });
        }
        void navigate(paths.auth, { replace: true });
      });
    },
    [clearLocalSession, navigate],
  );

  const refresh = useCallback(() => queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 }), [queryClient]);

  // The organization the dashboard acts in. A change (the switcher, another tab, or a membership that ended) drops
  // every cached answer of the previous organization; active screens load again for the new one.
  const organizationId = useSyncExternalStore(currentOrganization.subscribe, currentOrganization.get, currentOrganization.get);
  const switchedHereRef = useRef(false);
  const previousOrganizationRef = useRef(organizationId);
  useEffect(() => {
    const previous = previousOrganizationRef.current;
    previousOrganizationRef.current = organizationId;
    if (previous === null || organizationId === null || previous === organizationId) return;
    debugLog('auth', 'info', 'Organization switched', { organizationId });
    // Answers still on their way belong to the previous organization: cancel them before emptying the cache.
    const ofPreviousOrganization = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== ME_QUERY_KEY[0] };
    void queryClient.cancelQueries(ofPreviousOrganization).then(() => queryClient.resetQueries(ofPreviousOrganization));
    if (!switchedHereRef.current) {
      const name = queryClient.getQueryData<MeResponse | null>(ME_QUERY_KEY)?.organizations.find((o) => o.id === organizationId)?.name;
      toast.info(name ? `Now working in ${name}` : 'Your organization changed', {
        description: 'The organization was switched in another tab or is no longer available.',
      });
      if (window.location.pathname.startsWith(paths.dashboard)) void navigate(paths.dashboard, { replace: true });
    }
    switchedHereRef.current = false;
  }, [organizationId, queryClient, navigate]);

  const switchOrganization = useCallback((id: string) => {
    if (id === currentOrganization.get()) return;
    switchedHereRef.current = true;
    currentOrganization.set(id);
  }, []);

  // Told "not a member" (removed, or the organization was deleted): read the memberships again, which moves the
  // dashboard to an organization the user still belongs to. At most once every few seconds.
  const lastMembershipCheckRef = useRef(0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error = event.action.error;
        if (!(error instanceof ApiError) || error.status !== 403 || error.message !== NOT_ORGANIZATION_MEMBER_MESSAGE) return;
        if (Date.now() - lastMembershipCheckRef.current < 5000) return;
        lastMembershipCheckRef.current = Date.now();
        void refresh();
      }),
    [queryClient, refresh],
  );

  const value = useMemo<AuthContextValue>(() => {
    const status: AuthStatus = me !== undefined ? (me ? 'signed-in' : 'signed-out') : meQuery.isError ? 'error' : 'loading';
    return {
      status,
      me: me ?? null,
      user: me?.user ?? null,
      organization: me?.organizations.find((o) => o.id === organizationId) ?? me?.organizations[0] ?? null,
      switchOrganization,
      error: meQuery.error,
      refresh,
      signOut,
      recoverSession,
      isSigningOut,
      endSession,
    };
  }, [me, meQuery.isError, meQuery.error, refresh, signOut, recoverSession, isSigningOut, endSession, organizationId, switchOrganization]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
