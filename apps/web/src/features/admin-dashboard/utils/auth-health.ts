import type { AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';

export type SessionCheck = { kind: 'ok'; userId: string; expiresAt: string } | { kind: 'no-session' } | { kind: 'failed'; message: string };
export type AdminCheck = { kind: 'ok'; isAdmin: boolean; role: AdminRole | null } | { kind: 'failed'; message: string };

/** Spec part 1 §3 "Auth health result". */
export interface AuthHealth {
  frontendAuth: boolean;
  backendAuth: boolean;
  adminRecord: boolean;
  sessionValid: boolean;
  tokensValid: boolean;
  lastChecked: number;
  errors: string[];
  isHealthy: boolean;
}

export interface AuthHealthInput {
  /** The user id the web app believes is signed in, or null. */
  frontendUserId: string | null;
  session: SessionCheck;
  admin: AdminCheck;
  checkedAt: number;
}

/** Compares what the browser believes with what the server says, in the spec's wording. */
export function computeAuthHealth({ frontendUserId, session, admin, checkedAt }: AuthHealthInput): AuthHealth {
  const errors: string[] = [];
  const frontendAuth = frontendUserId !== null;

  let backendAuth = false;
  let sessionValid = false;
  let tokensValid = false;
  if (session.kind === 'ok') {
    sessionValid = true;
    backendAuth = frontendUserId === null || frontendUserId === session.userId;
    if (!backendAuth) errors.push(`${ADMIN_MESSAGES.authBackendError}: the server knows a different user than this page`);
    tokensValid = new Date(session.expiresAt).getTime() > checkedAt;
    if (!tokensValid) errors.push(ADMIN_MESSAGES.authTokenInvalid);
  } else if (session.kind === 'no-session') {
    if (frontendAuth) errors.push(ADMIN_MESSAGES.authSessionInvalid);
    else errors.push(ADMIN_MESSAGES.noAuthenticatedUser);
  } else {
    errors.push(`${ADMIN_MESSAGES.authSessionCheckError}: ${session.message}`);
  }

  let adminRecord = false;
  if (admin.kind === 'ok') {
    adminRecord = admin.isAdmin;
    if (!adminRecord && sessionValid) errors.push(ADMIN_MESSAGES.authNoAdminRecord);
  } else if (sessionValid) {
    errors.push(`${ADMIN_MESSAGES.authAdminCheckFailed}: ${admin.message}`);
  }

  return {
    frontendAuth,
    backendAuth,
    adminRecord,
    sessionValid,
    tokensValid,
    lastChecked: checkedAt,
    errors,
    isHealthy: frontendAuth && backendAuth && sessionValid && tokensValid && adminRecord,
  };
}
