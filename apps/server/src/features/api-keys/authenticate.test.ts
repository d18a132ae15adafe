import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminUsers, customerApiKeys } from '../../db/schema/index';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { authenticateApiKey, hashApiKey } from './service';

describeEachDatabase('authenticating an API key, in one statement', (ctx) => {
  it('counts a live key’s use; a revoked, expired or orphaned admin key is refused and not counted', async () => {
    const { database } = ctx();
    const { db } = database;
    const { organizationId } = await insertChatbotRows(db);
    const creator = await createSignedInUser(ctx());
    await db.insert(adminUsers).values({ userId: creator.userId, role: 'developer', isActive: true });
    const key = async (values: Partial<typeof customerApiKeys.$inferInsert> = {}) => {
      const secret = `pk_${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(customerApiKeys)
        .values({ organizationId, createdBy: creator.userId, name: 'key', prefix: secret.slice(0, 11), keyHash: hashApiKey(secret), ...values })
        .returning();
      return { secret, id: row!.id };
    };
    const uses = async (id: string) => {
      const [row] = await db.select().from(customerApiKeys).where(eq(customerApiKeys.id, id));
      return { usageCount: row!.usageCount, isUsed: row!.lastUsedAt !== null };
    };

    const live = await key({ expiresAt: new Date(Date.now() + 60_000) });
    expect(await authenticateApiKey(db, live.secret)).toMatchObject({ id: live.id, organizationId, usageCount: 1 });
    await authenticateApiKey(db, live.secret);
    expect(await uses(live.id)).toEqual({ usageCount: 2, isUsed: true });

    const refused = [
      await key({ revokedAt: new Date() }),
      await key({ expiresAt: new Date(Date.now() - 1000) }),
      await key({ adminOnly: true, createdByAdmin: true, createdBy: null }),
    ];
    for (const { secret, id } of refused) {
      expect(await authenticateApiKey(db, secret)).toBeNull();
      expect(await uses(id)).toEqual({ usageCount: 0, isUsed: false });
    }

    // An admin key works while its creator is an active administrator, and stops, uncounted, when they are not.
    const admin = await key({ adminOnly: true, createdByAdmin: true });
    expect(await authenticateApiKey(db, admin.secret)).toMatchObject({ id: admin.id });
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.userId, creator.userId));
    expect(await authenticateApiKey(db, admin.secret)).toBeNull();
    expect(await uses(admin.id)).toEqual({ usageCount: 1, isUsed: true });

    expect(await authenticateApiKey(db, `pk_${randomBytes(32).toString('base64url')}`)).toBeNull();
    expect(await authenticateApiKey(db, 'not-a-key')).toBeNull();
  });
});
