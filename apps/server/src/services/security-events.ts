import type { Db } from '../db/client';
import { securityEvents } from '../db/schema/index';
import { evaluateSecurityEvent } from './security-alerts';

export type SecuritySeverity = 'low' | 'medium' | 'high' | 'critical';

/** The events the server writes, with the severity each carries (spec part 1 §4, §7). */
export const SECURITY_EVENT_SEVERITY = {
  signup_failed: 'medium',
  signin_failed: 'medium',
  signin_success: 'low',
  oauth_signin_failed: 'medium',
  signout_attempt: 'low',
  session_timeout: 'medium',
  token_refresh_failed: 'medium',
  session_fetch_error: 'medium',
  deactivated_signin_blocked: 'high',
  signin_rate_limited: 'high',
  csp_violation: 'low',
  // The account's own settings (issue 11).
  password_changed: 'medium',
  password_change_failed: 'medium',
  email_change_requested: 'low',
  email_changed: 'medium',
  session_revoked: 'low',
  other_sessions_revoked: 'low',
  all_sessions_revoked: 'low',
  account_unlinked: 'medium',
  // Routine customer actions (a grace period, then the deletion): listed in Security Monitoring, but no alert and no
  // points off the security score, which high-severity events cost.
  account_deletion_requested: 'medium',
  account_deletion_cancelled: 'medium',
  account_deleted: 'low',
  // Password reset and the limits on e-mails sent by the auth flows (decisions/0002-password-reset-and-auth-rate-limits.md).
  password_reset_requested: 'low',
  password_reset_completed: 'medium',
  password_reset_failed: 'medium',
  auth_email_rate_limited: 'medium',
} as const satisfies Record<string, SecuritySeverity>;

export type SecurityEventType = keyof typeof SECURITY_EVENT_SEVERITY;

export interface SecurityEventInput {
  eventType: SecurityEventType;
  userId?: string | null;
  email?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

export async function recordSecurityEvent(db: Db, input: SecurityEventInput): Promise<void> {
  const row = {
    eventType: input.eventType,
    severity: SECURITY_EVENT_SEVERITY[input.eventType],
    userId: input.userId ?? null,
    email: input.email ? input.email.toLowerCase().slice(0, 254) : null,
    ipAddress: input.ipAddress ?? null,
  };
  await db.insert(securityEvents).values({ ...row, userAgent: input.userAgent ?? null, details: input.details ?? {} });
  // Bursts of failed sign-ins and high-risk events raise an alert for the system admins (features/security-alerts).
  await evaluateSecurityEvent(db, row);
}
