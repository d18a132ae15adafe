import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: sets the new password with the token of the e-mail link; every session ends. */
export function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<{ status?: boolean }> {
  return api.post<{ status?: boolean }>('/api/auth/reset-password', { token, newPassword });
}

export function useResetPassword(options?: Omit<UseMutationOptions<{ status?: boolean }, Error, ResetPasswordInput>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: resetPassword });
}
