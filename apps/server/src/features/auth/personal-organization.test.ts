import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizationMembers, organizations, users } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { ensureProfile, personalOrganizationSlug } from '../../services/identity';

describeEachDatabase('personal organizations', (ctx) => {
  it('a user whose id starts like another user’s never joins that user’s personal organization', async () => {
    const c = ctx();
    const { db } = c.database;
    const first = await createSignedInUser(c);
    // Same first 8 characters, different user.
    const twinId = `${first.userId.slice(0, 8)}-0000-4000-8000-${'0'.repeat(12)}`;
    await db.insert(users).values({ id: twinId, name: 'Twin User', email: `twin-${Date.now()}@example.com`, emailVerified: true });
    await ensureProfile(db, { id: twinId, email: 'twin@example.com', fullName: 'Twin User', firstName: 'Twin', lastName: 'User', avatarUrl: null });
    await ensureProfile(db, { id: twinId, email: 'twin@example.com', fullName: 'Twin User', firstName: 'Twin', lastName: 'User', avatarUrl: null });

    const membershipsOf = (userId: string) =>
      db
        .select({ slug: organizations.slug, role: organizationMembers.role })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, userId));
    expect(await membershipsOf(first.userId)).toEqual([{ slug: personalOrganizationSlug(first.userId), role: 'owner' }]);
    expect(await membershipsOf(twinId)).toEqual([{ slug: `personal-${twinId.replace(/-/g, '')}`, role: 'owner' }]);
  });
});
