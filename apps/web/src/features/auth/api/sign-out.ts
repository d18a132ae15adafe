import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/sign-out: the server ends the session and records the signout_attempt security event. */
export function signOut(): Promise<{ success?: boolean }> {
  return api.post<{ success?: boolean }>('/api/auth/sign-out', {});
}

export function useSignOut(options?: Omit<UseMutationOptions<{ success?: boolean }, Error, void>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: signOut });
}
