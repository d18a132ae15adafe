import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminUsers, customerApiKeys } from '../../db/schema/index';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { otherNode, until } from '../../test/other-node';
import { authenticateApiKey, hashApiKey } from './service';

describeEachDatabase('authenticating an API key through the read cache, its use counted with its request (decisions/0057)', (ctx) => {
  let other: ReturnType<typeof otherNode>;
  beforeAll(() => {
    other = otherNode(ctx().database);
  });
  afterAll(async () => other?.close());

  it('a live key is its caller; a revoked, expired or orphaned admin key is refused; a change on another node or the expiry ends a kept key', async () => {
    const c = ctx();
    const { db } = c.database;
    const cache = c.app.readCache;
    const { organizationId, chatbot } = await insertChatbotRows(db);
    const creator = await createSignedInUser(c);
    await db.insert(adminUsers).values({ userId: creator.userId, role: 'developer', isActive: true });
    const key = async (values: Partial<typeof customerApiKeys.$inferInsert> = {}) => {
      const secret = `pk_${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(customerApiKeys)
        .values({ organizationId, createdBy: creator.userId, name: 'key', prefix: secret.slice(0, 11), keyHash: hashApiKey(secret), ...values })
        .returning();
      return { secret, id: row!.id };
    };

    const live = await key({ chatbotId: chatbot.id });
    expect(await authenticateApiKey(db, live.secret, cache)).toEqual({ id: live.id, organizationId, chatbotId: chatbot.id });
    expect(await authenticateApiKey(db, live.secret, cache)).toEqual({ id: live.id, organizationId, chatbotId: chatbot.id });
    // Reading a key counts nothing: its use is written with the request's log row.
    const [unused] = await db.select().from(customerApiKeys).where(eq(customerApiKeys.id, live.id));
    expect(unused).toMatchObject({ usageCount: 0, lastUsedAt: null });

    for (const refused of [
      await key({ revokedAt: new Date() }),
      await key({ expiresAt: new Date(Date.now() - 1000) }),
      await key({ adminOnly: true, createdByAdmin: true, createdBy: null }),
    ]) {
      expect(await authenticateApiKey(db, refused.secret, cache)).toBeNull();
    }
    expect(await authenticateApiKey(db, `pk_${randomBytes(32).toString('base64url')}`, cache)).toBeNull();
    expect(await authenticateApiKey(db, 'not-a-key', cache)).toBeNull();

    // Revoked by another node: refused once the change is heard.
    await other.query('UPDATE customer_api_keys SET revoked_at = now() WHERE id = $1', [live.id]);
    await until(async () => (await authenticateApiKey(db, live.secret, cache)) === null, 'the revoked key is refused');

    // An admin key works while its creator is an active administrator, and stops when another node deactivates them.
    const admin = await key({ adminOnly: true, createdByAdmin: true });
    expect(await authenticateApiKey(db, admin.secret, cache)).toMatchObject({ id: admin.id });
    await other.query('UPDATE admin_users SET is_active = false WHERE user_id = $1', [creator.userId]);
    await until(async () => (await authenticateApiKey(db, admin.secret, cache)) === null, 'the orphaned admin key is refused');

    // A kept key that expires is refused from that moment, without any change to hear.
    const expiring = await key({ expiresAt: new Date(Date.now() + 1500) });
    expect(await authenticateApiKey(db, expiring.secret, cache)).toMatchObject({ id: expiring.id });
    await until(async () => (await authenticateApiKey(db, expiring.secret, cache)) === null, 'the expired key is refused');
  });

  it('a chat completion counts its key’s use in the turn’s statement; a request without a turn, with the request log’s next batch', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const headers = { cookie: owner.cookie };
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Counted bot', status: 'live' } })).json() as {
      id: string;
    };
    const created = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'backend', chatbotId: null } })).json() as {
      apiKey: { id: string };
      secret: string;
    };
    const keyId = created.apiKey.id;
    const authorization = `Bearer ${created.secret}`;
    const uses = async () => (await c.database.db.select().from(customerApiKeys).where(eq(customerApiKeys.id, keyId)))[0]!;

    const completion = await c.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization },
      payload: { model: bot.id, messages: [{ role: 'user', content: 'Hello?' }] },
    });
    expect(completion.statusCode).toBe(200);
    const afterTurn = await uses();
    expect(afterTurn.usageCount).toBe(1);
    expect(afterTurn.lastUsedAt).not.toBeNull();

    expect((await c.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization } })).statusCode).toBe(200);
    // A wrong key is nobody's use.
    expect((await c.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: 'Bearer pk_wrong' } })).statusCode).toBe(401);
    await c.app.apiUsage.flush();
    expect((await uses()).usageCount).toBe(2);

    // The API keys screen shows what this process has not written yet too.
    await c.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization } });
    const listed = (await c.app.inject({ method: 'GET', url: '/api/api-keys', headers })).json() as { items: { id: string; usageCount: number }[] };
    expect(listed.items.find((item) => item.id === keyId)?.usageCount).toBe(3);
  });
});
