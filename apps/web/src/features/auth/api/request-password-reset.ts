import { RESET_PASSWORD_PATH } from '@parley/shared/constants';
import type { ForgotPasswordForm } from '@parley/shared/contracts/auth';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RequestPasswordResetResponse {
  status?: boolean;
  message?: string;
}

/**
 * POST /api/auth/request-password-reset: e-mails a reset link if the address has an account. The answer is the same
 * either way, so the page never says whether it has.
 */
export function requestPasswordReset({ email }: ForgotPasswordForm): Promise<RequestPasswordResetResponse> {
  return api.post<RequestPasswordResetResponse>('/api/auth/request-password-reset', { email, redirectTo: RESET_PASSWORD_PATH });
}

export function useRequestPasswordReset(options?: Omit<UseMutationOptions<RequestPasswordResetResponse, Error, ForgotPasswordForm>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}
