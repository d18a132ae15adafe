import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema/index';
import type { Mailer } from '../../providers/email/mailer';
import { emailChangedNotice } from '../../providers/email/account-emails';

export interface EmailChangeClaims {
  email: string;
  updateTo: string;
  userId: string;
}

/**
 * Reads the claims of a Better Auth change-email confirmation token WITHOUT verifying it. Used only
 * to refuse an address taken meanwhile before Better Auth runs, and to follow up after Better Auth
 * has verified the token and made the change.
 */
export function peekEmailChangeToken(token: unknown): EmailChangeClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claims.requestType !== 'change-email-verification') return null;
    if (typeof claims.email !== 'string' || typeof claims.updateTo !== 'string' || typeof claims.userId !== 'string') return null;
    return { email: claims.email.toLowerCase(), updateTo: claims.updateTo.toLowerCase(), userId: claims.userId };
  } catch {
    return null;
  }
}

/** Another account already uses this address. */
export async function isEmailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * After Better Auth applied a confirmed change: the profile follows, and the old address is told.
 * Returns false when the account does not have the new address (nothing was changed).
 */
export async function completeEmailChange(db: Db, mailer: Mailer, claims: EmailChangeClaims, publicUrl: string): Promise<boolean> {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, claims.userId));
  if (!row || row.email.toLowerCase() !== claims.updateTo) return false;
  await db.update(profiles).set({ email: claims.updateTo, updatedAt: new Date() }).where(eq(profiles.id, claims.userId));
  await mailer.send(emailChangedNotice(claims.email, row.name, claims.updateTo, publicUrl));
  return true;
}
