import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TestAdminInput } from './create-test-admin';

/** POST /api/auth/sign-in/email with the test admin's credentials; the new session replaces the current one. */
export function signInTestAdmin(input: TestAdminInput): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
}

export function useSignInTestAdmin() {
  return useMutation({ mutationFn: signInTestAdmin });
}
