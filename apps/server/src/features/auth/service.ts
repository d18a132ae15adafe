import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, profiles, sessions } from '../../db/schema/index';

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
    const slug = personalOrganizationSlug(profile.id);
    const name = profile.fullName ? `${profile.fullName}'s workspace` : 'Personal workspace';
    await tx.insert(organizations).values({ name, slug }).onConflictDoNothing({ target: organizations.slug });
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
    if (org) {
      await tx.insert(organizationMembers).values({ organizationId: org.id, userId: profile.id, role: 'owner' }).onConflictDoNothing();
    }
  });
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

export async function getMe(db: Db, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(organizations.createdAt);
  return { profile, organizations: orgs };
}
