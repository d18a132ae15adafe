import { REFERRAL_CODE_PATTERN, REFERRAL_STORAGE_KEY } from '@parley/shared/constants';

/**
 * The code of the referral link a visitor arrived by (/auth?ref=CODE), kept in this browser until they sign up, so it
 * survives switching tabs or coming back later. Storage can be unavailable (private mode): then it is simply not kept.
 */
export function rememberReferralCode(code: string | null): void {
  if (!code || !REFERRAL_CODE_PATTERN.test(code)) return;
  try {
    window.localStorage.setItem(REFERRAL_STORAGE_KEY, code.toUpperCase());
  } catch {
    /* not kept */
  }
}

export function storedReferralCode(): string | undefined {
  try {
    const code = window.localStorage.getItem(REFERRAL_STORAGE_KEY);
    return code && REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReferralCode(): void {
  try {
    window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    /* nothing kept */
  }
}
