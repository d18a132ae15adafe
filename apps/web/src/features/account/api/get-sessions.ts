import type { AccountSessionList } from '@parley/shared/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_ROOT } from './get-profile';

/** GET /api/account/sessions: where the user is signed in, this browser first. */
export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<AccountSessionList> {
  return api.get<AccountSessionList>('/api/account/sessions', { signal });
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: [...ACCOUNT_QUERY_ROOT, 'sessions'], queryFn: ({ signal }) => getSessions({ signal }) });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** DELETE /api/account/sessions/:id: signs that browser out. */
export function revokeSession(sessionId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(sessionId)}`);
}

/** POST /api/account/sessions/revoke-others: signs out everywhere but here. */
export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return api.post<{ revoked: number }>('/api/account/sessions/revoke-others');
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }) });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }) });
}
