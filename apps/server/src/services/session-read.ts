import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AdminRole } from '@parley/shared/access';
import { parseCookies } from 'better-auth/cookies';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { adminUsers, profiles, sessions, users } from '../db/schema/index';

/** What Better Auth's getSession needs to know, read once from its context. */
export interface SessionSettings {
  /** The session cookie's name (with its __Secure- prefix on https). */
  cookieName: string;
  secret: string;
  /** Seconds a session lives, and after how many seconds of its life Better Auth renews it. */
  expiresIn: number;
  updateAge: number;
}

export interface SessionIdentity {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  session: { id: string; token: string; expiresAt: Date };
  /** The profile's active flag (a user without a profile row is active). */
  active: boolean;
  /** The user's active admin row, if any. */
  admin: { id: string; role: AdminRole } | null;
}

/**
 * What one read of the request's session cookie found:
 * - `none`: no session (no cookie, a signature that does not match, a token no session has);
 * - `better-auth`: a session only Better Auth may handle: expired (it deletes it) or due for renewal (it renews it);
 * - `found`: a live session, its user, the profile's active flag and the admin row.
 */
export type SessionRead = { kind: 'none' } | { kind: 'better-auth' } | { kind: 'found'; identity: SessionIdentity };

/** The signed cookie's value when its HMAC-SHA256 signature (Better Auth's format: `value.base64signature`) matches. */
export function verifiedCookieValue(cookieHeader: string | undefined, settings: SessionSettings): string | null {
  if (!cookieHeader) return null;
  const signed = parseCookies(cookieHeader).get(settings.cookieName);
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', settings.secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** The session, its user, the profile's flag and the active admin row: one prepared statement, one round trip. */
function prepareRead(db: Db, name: string) {
  return db
    .select({
      sessionId: sessions.id,
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      active: profiles.isActive,
      adminId: adminUsers.id,
      adminRole: adminUsers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, and(eq(adminUsers.userId, users.id), eq(adminUsers.isActive, true)))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare(name);
}

/**
 * Reads the request's session the way Better Auth's getSession does, in one query instead of its two plus our two
 * (the profile's flag, the admin row). Anything but the common case (a live session not yet due for renewal) is left
 * to Better Auth, so expiry and renewal keep its rules.
 */
export async function readSession(db: Db, settings: SessionSettings, cookieHeader: string | undefined): Promise<SessionRead> {
  const token = verifiedCookieValue(cookieHeader, settings);
  if (!token) return { kind: 'none' };
  const [row] = await prepared(db, 'parley_session_read', prepareRead).execute({ token });
  if (!row) return { kind: 'none' };
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  const dueForRenewal = expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now;
  if (expiresAt < now || dueForRenewal) return { kind: 'better-auth' };
  return {
    kind: 'found',
    identity: {
      user: { id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerified },
      session: { id: row.sessionId, token: row.token, expiresAt: row.expiresAt },
      active: row.active ?? true,
      admin: row.adminId && row.adminRole ? { id: row.adminId, role: row.adminRole } : null,
    },
  };
}
