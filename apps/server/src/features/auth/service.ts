import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, profiles } from '../../db/schema/index';

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
