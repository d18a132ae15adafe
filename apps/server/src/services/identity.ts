import type { AdminRole } from '@parley/shared/access';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUsers, organizationMembers, organizations, profiles, sessions, users } from '../db/schema/index';

export interface NewProfile {
  id: string;
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

/** Spec part 2's payment-test rule: a user's personal organization is `personal-{first 8 of user id}`. */
export const personalOrganizationSlug = (userId: string) => `personal-${userId.slice(0, 8)}`;

/**
 * Every user has a profile and a personal organization they own. Idempotent, so it
 * also heals a user whose creation hook was interrupted.
 */
export async function ensureProfile(db: Db, profile: NewProfile): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values(profile).onConflictDoNothing({ target: profiles.id });
    const name = profile.fullName ? `${profile.fullName}'s workspace` : 'Personal workspace';
    const organizationId = await personalOrganizationOf(tx, profile.id, name);
    await tx.insert(organizationMembers).values({ organizationId, userId: profile.id, role: 'owner' }).onConflictDoNothing();
  });
}

/**
 * The user's personal organization, created when missing. Two user ids can share their first 8
 * characters: a slug already owned by someone else is never joined — the newcomer gets a longer one.
 */
async function personalOrganizationOf(db: Db, userId: string, name: string): Promise<string> {
  for (const slug of [personalOrganizationSlug(userId), `personal-${userId.replace(/-/g, '')}`]) {
    await db.insert(organizations).values({ name, slug }).onConflictDoNothing({ target: organizations.slug });
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
    if (!org) continue;
    const owners = await db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.role, 'owner')));
    if (owners.length === 0 || owners.some((o) => o.userId === userId)) return org.id;
  }
  throw new Error(`No personal organization could be created for user ${userId}`);
}

/** Users without a profile row count as active: the row is created with the user. */
export async function isProfileActive(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isActive: profiles.isActive }).from(profiles).where(eq(profiles.id, userId));
  return row?.isActive ?? true;
}

/** Ends every session of a user at once (used when an account is deactivated). */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return removed.length;
}

export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** The user's admin row when it is active (the admin guard and the system API keys read it). */
export async function getActiveAdmin(db: Db, userId: string): Promise<{ id: string; role: AdminRole } | null> {
  const [row] = await db
    .select({ id: adminUsers.id, role: adminUsers.role })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, userId), eq(adminUsers.isActive, true)));
  return row ?? null;
}

/** The user's stored address differs from this one: the e-mail Better Auth asks us to send is for a change. */
export async function isPendingEmailChange(db: Db, userId: string, email: string): Promise<boolean> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return Boolean(row && row.email.toLowerCase() !== email.toLowerCase());
}
