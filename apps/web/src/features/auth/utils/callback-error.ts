import { MESSAGES } from '@parley/shared/messages';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';

export interface CallbackErrorText {
  title: string;
  description: string;
}

/** Error codes Better Auth puts in the callback URL after an e-mail link or an OAuth round trip. */
const KNOWN: Record<string, CallbackErrorText> = {
  invalid_token: {
    title: 'This link is not valid',
    description: 'The confirmation link is invalid or was already used. Sign in to get a new one.',
  },
  token_expired: {
    title: 'This link has expired',
    description: 'Confirmation links are only valid for a limited time. Sign in to get a new one.',
  },
  user_not_found: {
    title: 'Account not found',
    description: 'We could not find the account this link belongs to. You can create a new one.',
  },
  access_denied: {
    title: 'Sign-in cancelled',
    description: 'The sign-in provider did not grant access. You can try again or use your e-mail instead.',
  },
  account_not_linked: {
    title: 'Account already exists',
    description: 'This e-mail address is already registered with another sign-in method. Sign in with that method.',
  },
  state_mismatch: {
    title: 'Sign-in expired',
    description: 'The sign-in took too long or was started in another browser. Please start again.',
  },
  please_restart_the_process: {
    title: 'Sign-in expired',
    description: 'The sign-in took too long or was started in another browser. Please start again.',
  },
  email_not_found: {
    title: 'No e-mail address shared',
    description: 'The sign-in provider did not share an e-mail address with Parley, so we cannot sign you in.',
  },
  signup_disabled: {
    title: 'Sign-up is closed',
    description: 'New accounts cannot be created with this sign-in method.',
  },
  account_deactivated: { title: 'Account deactivated', description: MESSAGES.accountDeactivated },
};

const GENERIC: CallbackErrorText = {
  title: 'Sign-in could not be completed',
  description: 'Something went wrong while signing you in. Please try again.',
};

/** A readable title and explanation for `?error=` (and optional `error_description`) on /auth/callback. */
export function describeCallbackError(code: string, description?: string | null): CallbackErrorText {
  const known = KNOWN[code.trim().toLowerCase()];
  if (known) return known;
  const detail = description ? sanitizeErrorMessage(description.slice(0, 300), '') : '';
  return detail ? { title: GENERIC.title, description: detail } : GENERIC;
}
