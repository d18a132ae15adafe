/** User-facing text from the specification. Keep the wording exactly. */
export const MESSAGES = {
  errorScreenTitle: 'Something went wrong',
  errorScreenBody: "We're sorry, but something unexpected happened.",
  sessionTimeoutTitle: 'Session Timeout Warning',
  sessionTimeoutBody: (remaining: string) =>
    `Your session will expire in ${remaining} due to inactivity. You will be automatically signed out for security reasons.`,
  continueSession: 'Continue Session',
  signedOut: 'Signed out successfully',
  signOutError: 'Error signing out',
  genericError: 'An error occurred. Please try again.',
  unexpectedError: 'An unexpected error occurred',
  anError: 'An error occurred',
  failedAfterRetries: 'Failed after multiple retries',
  sessionRecovery: 'Session Recovery',
  sessionRecoveryBody: 'Cleared stale tokens. Please sign in again.',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  useThemeOutsideProvider: 'useTheme must be used within ThemeProvider',
  accountDeactivated: 'This account has been deactivated. Contact support to reactivate it.',
  emailNotVerified: 'Please confirm your e-mail address first. We sent you a link.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  /** Sign-up, confirmation and reset e-mails past their limits (decisions/0002-password-reset-and-auth-rate-limits.md). */
  tooManyEmails: 'Too many e-mails were asked for this address or from this network. Please wait and try again.',
  invalidCredentials: 'Incorrect e-mail or credentials.',
} as const;
