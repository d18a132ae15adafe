/**
 * The admin console's numbers and texts (spec part 1 §2, §4, §5, §8, §9). Every number here is a
 * requirement unless its comment says it was decided (see docs/decisions/README.md).
 */

import { ADMIN_ROLE_LABELS, type AdminRole } from './access';

/** The n8n screen's own denial text (spec part 2 §6); contracts/n8n uses it too. */
export const N8N_ACCESS_DENIED = 'You need developer privileges to access n8n integration management.';

/** Spec §9 "Admin stats refresh". */
export const ADMIN_STATS_REFRESH_MS = 60_000;
/** Spec §9 "Connection health and recent activity refresh": system health, recent activity, auth health, the health page. */
export const ADMIN_LIVE_REFRESH_MS = 30_000;
/** Spec §9 "Admin verification cache": 5 minutes, 2 retries, refetched on window focus (§4). */
export const ADMIN_VERIFICATION_STALE_MS = 5 * 60_000;
export const ADMIN_VERIFICATION_RETRIES = 2;
/** Spec §9 "Admin query client". */
export const ADMIN_QUERY_STALE_MS = 30_000;
export const ADMIN_QUERY_GC_MS = 2 * 60_000;
export const ADMIN_QUERY_RETRIES = 1;

/** Spec §2 "Admin header and splash" and §9. */
export const ADMIN_SPLASH_MS = 1200;
export const ADMIN_SPLASH_SESSION_KEY = 'admin-splash-shown';

/** Spec §2 "Admin sidebar" and §9. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const SIDEBAR_WIDTH = '12rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const MOBILE_BREAKPOINT_PX = 768;

/** Spec §9 "User list limit / user search limit / recent activity". */
export const USER_LIST_PAGE_SIZE = 100;
export const USER_SEARCH_LIMIT = 10;
export const RECENT_ACTIVITY_LIMIT = 5;
/** Spec §2 Activity Logs (the spec's limit of 100 became pages: ACTIVITY_LOG_PAGE_SIZE in contracts/activity-logs). */
export const ACTIVITY_ID_PREFIX_LENGTH = 8;
export const ACTIVITY_DETAILS_MAX_LENGTH = 50;

/** Spec §4 "Health": a success rate below 95 % shows a warning. */
export const HEALTH_SUCCESS_RATE_WARNING_PERCENT = 95;
export const HEALTH_STRESS_AVERAGE_MS = 2000;

/** Decided (not in the spec): how often the notification bell asks for new messages. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;
/** Decided: the user search box waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** User-facing text of the admin console, worded as the spec has it. */
export const ADMIN_MESSAGES = {
  verifying: 'Verifying admin access...',
  accessDeniedTitle: 'Access Denied',
  notAdmin: "You don't have administrative privileges to access this area.",
  contactAdmin: 'Contact a system administrator if you believe this is an error.',
  verificationFailed: 'Verification failed',
  verificationFailedWith: (message: string) => `Verification failed: ${message}`,
  noAuthenticatedUser: 'No authenticated user',
  insufficientTitle: 'Insufficient Permissions',
  bootstrapButton: 'Make me admin (bootstrap)',
  bootstrapDone: 'You are now an admin. Reloading…',
  bootstrapFailed: 'Failed to create admin. See console.',
  useAdminAuthOutsideProvider: 'useAdminAuth must be used within an AdminAuthProvider',
  splash: 'Entering Admin Panel',

  statsFailedTitle: 'Failed to load statistics',
  statsFailedFallback: 'Unable to fetch admin statistics',
  fromLastMonth: 'from last month',
  /** Beside "New": the month before had none, so there is no percentage to give. */
  noneLastMonth: 'none last month',
  noRecentActivity: 'No recent activity to display',

  quickFixStart: 'Attempting Quick Fix',
  quickFixDone: 'Session Refreshed',
  quickFixFailed: 'Quick Fix Failed',
  quickFixFailedBody: 'Try the session recovery option below.',
  sessionRecovery: 'Session Recovery',
  sessionRecoveryBody: 'Cleared stale tokens. Please sign in again.',
  recoveryFailed: 'Recovery Failed',
  recoveryFailedBody: 'Please try refreshing the page and signing in again.',

  authBackendError: 'Backend auth error',
  authBackendQueryFailed: 'Backend query failed',
  authNoAdminRecord: 'User authenticated but no admin record found',
  authSessionCheckError: 'Session check error',
  authSessionInvalid: 'User exists but session is invalid',
  authTokenInvalid: 'Token validation failed',
  authAdminCheckFailed: 'Admin record check failed',
  authHealthFailed: 'Health check failed',

  noAdminUsers: 'No admin users found',
  adminUserCreated: 'Admin user created successfully',
  adminUserCreateFailed: (reason: string) => `Failed to create admin user: ${reason}`,
  adminUserUpdated: 'Admin user updated successfully',
  adminUserUpdateFailed: (reason: string) => `Failed to update admin user: ${reason}`,
  adminUserRemoved: 'Admin user removed successfully',
  adminUserRemoveFailed: (reason: string) => `Failed to remove admin user: ${reason}`,
  manageAdminUsersDenied: 'You need system administrator privileges to manage admin users.',

  noUsers: 'No users found',
  unknownName: 'Unknown',
  userDeactivated: 'User deactivated successfully',
  userDeactivateFailed: (reason: string) => `Failed to deactivate user: ${reason}`,
  userReactivated: 'User reactivated successfully',
  userReactivateFailed: (reason: string) => `Failed to reactivate user: ${reason}`,
  cannotDeactivateSelf: 'You cannot deactivate yourself',
  manageUsersDenied: 'You need system administrator privileges to manage users.',

  messageSent: (count: number) => `Message sent to ${count} user(s)`,
  messageFailed: (reason: string) => `Failed to send message: ${reason}`,
  willSendTo: (count: number) => `Will send to ${count} users`,
  noRecipients: 'No recipients selected',

  noActivityLogs: 'No activity logs found',
  activityLoadFailedTitle: 'Error',
  activityLoadFailed: 'Failed to load activity logs',
  systemActor: 'System',

  testAdminMissingFields: 'Please enter email and password',
  testAdminCreated: 'Test admin user created! You may need to confirm email first.',
  testAdminSignUpError: (message: string) => `Sign up error: ${message}`,
  testAdminRoleError: (message: string) => `Admin role error: ${message}`,
  testAdminError: (message: string) => `Error: ${message}`,
  testAdminSignInError: (message: string) => `Sign in error: ${message}`,
  testAdminSignedIn: 'Signed in successfully!',

  notAvailableYet: 'Not available yet',

  aiAgentsDenied: 'You need developer privileges to access AI Agents management.',
} as const;

/** Spec §6: the red alert a restricted page shows when the role is insufficient (the spec's own words where it has them). */
export const RESTRICTED_PAGE_MESSAGES: Readonly<Record<string, string>> = {
  '/admin/admin-users': ADMIN_MESSAGES.manageAdminUsersDenied,
  '/admin/users': ADMIN_MESSAGES.manageUsersDenied,
  '/admin/templates': 'You need system admin privileges to manage templates.',
  '/admin/ai-agents': ADMIN_MESSAGES.aiAgentsDenied,
  '/admin/n8n-integration': N8N_ACCESS_DENIED,
};

/** The red alert of a restricted page (spec part 1 §8, part 2 §8: every one shows it): its own words, else the role it needs. */
export function restrictedPageMessage(pathname: string, required: AdminRole): string {
  return RESTRICTED_PAGE_MESSAGES[pathname.replace(/\/+$/, '')] ?? `You need ${ADMIN_ROLE_LABELS[required].toLowerCase()} privileges to access this page.`;
}
