import { AUTH_CALLBACK_PATH } from '@parley/shared/constants';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OAuthSignInResponse {
  url?: string;
  redirect?: boolean;
}

/**
 * POST /api/auth/sign-in/social (Better Auth runs generic OIDC providers as social providers):
 * answers the provider's authorization URL; the caller sends the browser there.
 */
export function signInWithOAuth({ providerId }: { providerId: string }): Promise<OAuthSignInResponse> {
  return api.post<OAuthSignInResponse>('/api/auth/sign-in/social', {
    provider: providerId,
    callbackURL: AUTH_CALLBACK_PATH,
    errorCallbackURL: AUTH_CALLBACK_PATH,
    newUserCallbackURL: AUTH_CALLBACK_PATH,
  });
}

export function useSignInWithOAuth(options?: Omit<UseMutationOptions<OAuthSignInResponse, Error, { providerId: string }>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: signInWithOAuth });
}
