import { EMAIL_CALLBACK_URL } from '@parley/shared/constants';
import type { SignUpBody, SignUpForm } from '@parley/shared/contracts/auth';
import { fullName } from '@parley/shared/names';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetReferralCode, storedReferralCode } from '../utils/referral-code';

export interface SignUpResponse {
  token?: string | null;
  user?: { id: string; email: string };
}

/**
 * POST /api/auth/sign-up/email. E-mail verification is required, so this does not sign the user in:
 * the confirmation link lands on /auth/callback?type=email.
 */
export async function signUpWithEmail(form: SignUpForm): Promise<SignUpResponse> {
  const body: SignUpBody = {
    email: form.email,
    password: form.password,
    firstName: form.firstName,
    lastName: form.lastName,
    name: fullName(form.firstName, form.lastName),
    callbackURL: EMAIL_CALLBACK_URL,
    // The referral link the visitor arrived by, if any (features/referrals on the server attributes it).
    referralCode: storedReferralCode(),
  };
  const response = await api.post<SignUpResponse>('/api/auth/sign-up/email', body);
  forgetReferralCode();
  return response;
}

export function useSignUpWithEmail(options?: Omit<UseMutationOptions<SignUpResponse, Error, SignUpForm>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: signUpWithEmail });
}
