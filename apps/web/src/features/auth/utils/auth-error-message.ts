import { MESSAGES } from '@parley/shared/messages';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';

/**
 * What to show when the server's own message may not be shown (spec part 1 §5 hides any message that mentions
 * a password, token, key, …). These texts are fixed here, so they cannot leak anything.
 */
const SAFE_TEXT_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  ACCOUNT_DEACTIVATED: MESSAGES.accountDeactivated,
  RATE_LIMITED: MESSAGES.tooManyAttempts,
  NETWORK_ERROR: 'Could not reach the server. Check your connection and try again.',
};

/** The text for a failed sign-in, sign-up or OAuth call: the server's message when it is safe to show. */
export function authErrorMessage(error: { code?: string | undefined; message?: string | undefined }): string {
  const fallback = (error.code && SAFE_TEXT_BY_CODE[error.code]) || MESSAGES.genericError;
  return sanitizeErrorMessage(error.message, fallback);
}

/** "Try again in 1 minute." from a Retry-After of seconds. */
export function formatRetryAfter(seconds: number | undefined): string | null {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return `Try again in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
