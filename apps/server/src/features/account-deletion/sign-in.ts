import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/email/mailer';
import { deletionCancelledNotice } from '../../providers/email/account-emails';
import { recordSecurityEvent } from '../../services/security-events';
import { cancelAccountDeletion } from './service';

/**
 * Signing in during the grace period cancels a scheduled deletion (what the settings page and
 * the e-mail promised); the user is told by e-mail, and the security log records it.
 */
export async function cancelDeletionOnSignIn(
  deps: { db: Db; mailer: Mailer },
  user: { id: string; email: string; name: string },
  session: { ipAddress?: string | null; userAgent?: string | null },
): Promise<boolean> {
  const cancelled = await cancelAccountDeletion(deps.db, user.id, 'signed_in');
  if (!cancelled) return false;
  await recordSecurityEvent(deps.db, {
    eventType: 'account_deletion_cancelled',
    userId: user.id,
    email: user.email,
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
    details: { deletion_id: cancelled.id, reason: 'signed_in' },
  });
  await deps.mailer.send(deletionCancelledNotice(user.email, user.name, 'you signed in during the grace period.'));
  return true;
}
