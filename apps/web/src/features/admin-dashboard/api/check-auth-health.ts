import { ADMIN_LIVE_REFRESH_MS } from '@parley/shared/admin-console';
import type { AdminMe } from '@parley/shared/contracts/admin-auth';
import type { MeResponse } from '@parley/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import type { AdminCheck, SessionCheck } from '../utils/auth-health';

async function checkSession(signal?: AbortSignal): Promise<SessionCheck> {
  try {
    const me = await api.get<MeResponse>('/api/me', { signal });
    return { kind: 'ok', userId: me.user.id, expiresAt: me.session.expiresAt };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'no-session' };
    return { kind: 'failed', message: getErrorMessage(error) };
  }
}

async function checkAdminRecord(signal?: AbortSignal): Promise<AdminCheck> {
  try {
    const admin = await api.get<AdminMe>('/api/admin/me', { signal });
    return { kind: 'ok', isAdmin: admin.isAdmin && admin.isActive, role: admin.role };
  } catch (error) {
    return { kind: 'failed', message: getErrorMessage(error) };
  }
}

/** Asks the server, fresh, whether the session is valid (GET /api/me) and whether an admin record exists (GET /api/admin/me). */
export async function checkAuthHealth({ signal }: { signal?: AbortSignal } = {}): Promise<{ session: SessionCheck; admin: AdminCheck; checkedAt: number }> {
  const [session, admin] = await Promise.all([checkSession(signal), checkAdminRecord(signal)]);
  return { session, admin, checkedAt: Date.now() };
}

export function getAuthHealthQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'auth-health'],
    queryFn: ({ signal }) => checkAuthHealth({ signal }),
    refetchInterval: ADMIN_LIVE_REFRESH_MS,
    staleTime: 0,
  });
}

export function useAuthHealth() {
  return useQuery(getAuthHealthQueryOptions());
}
