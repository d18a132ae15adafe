import { SESSION_IDLE_DURATION_MINUTES } from '@parley/shared/constants';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/session/timeout: the server ends the session and records the session_timeout security event. */
export function endIdleSession(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/session/timeout', { idleDurationMinutes: SESSION_IDLE_DURATION_MINUTES });
}

export function useEndIdleSession(options?: Omit<UseMutationOptions<{ ok: true }, Error, void>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: endIdleSession });
}
