import type { SignInForm } from '@parley/shared/contracts/auth';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SignInResponse {
  redirect?: boolean;
  url?: string;
}

/** POST /api/auth/sign-in/email: on success the session cookie is set. */
export function signInWithEmail(body: SignInForm): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/sign-in/email', { email: body.email, password: body.password });
}

export function useSignInWithEmail(options?: Omit<UseMutationOptions<SignInResponse, Error, SignInForm>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: signInWithEmail });
}
