import { EMAIL_CALLBACK_URL } from '@parley/shared/constants';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/send-verification-email: sends a fresh confirmation link. */
export function sendVerificationEmail({ email }: { email: string }): Promise<{ status?: boolean }> {
  return api.post<{ status?: boolean }>('/api/auth/send-verification-email', { email, callbackURL: EMAIL_CALLBACK_URL });
}

export function useSendVerificationEmail(options?: Omit<UseMutationOptions<{ status?: boolean }, Error, { email: string }>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: sendVerificationEmail });
}
