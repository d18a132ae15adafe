import { and, asc, eq } from 'drizzle-orm';
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

export async function getMe(db: Db, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  // Every membership with its role, in the order the server's organization guard falls back on (oldest first).
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizations.createdAt));
  return { profile, organizations: orgs.map((org) => ({ ...org, isPersonal: org.slug.startsWith('personal-') })) };
}
