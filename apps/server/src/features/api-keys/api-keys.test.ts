import { API_KEY_MESSAGES, API_KEYS_ACTIVE_MAX, API_KEYS_ENDED_LISTED, type ApiKeyList } from '@parley/shared/contracts/api-keys';
import { expect, it } from 'vitest';
import { customerApiKeys } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { hashApiKey } from './service';

describeEachDatabase('API keys: a bounded number in use, a bounded record of the ended ones', (ctx) => {
  it(`refuses a key past ${API_KEYS_ACTIVE_MAX} in use (also when asked at once), frees a place on revoke, and lists the ${API_KEYS_ENDED_LISTED} newest ended keys`, async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const headers = { cookie: owner.cookie };
    const { id: organizationId } = (await c.app.inject({ method: 'GET', url: '/api/organizations/current', headers })).json() as { id: string };
    const hour = 60 * 60_000;
    const start = Date.now() - 100 * hour;
    const key = (n: number, ended: { revokedAt?: Date; expiresAt?: Date } = {}) => ({
      organizationId,
      createdBy: owner.userId,
      name: `key ${n}`,
      prefix: `pk_${String(n).padStart(8, '0')}`,
      keyHash: hashApiKey(`secret ${organizationId} ${n}`),
      createdAt: new Date(start + n * hour),
      ...ended,
    });
    // 30 ended keys (revoked, or past their expiry), then 49 in use.
    await c.database.db
      .insert(customerApiKeys)
      .values(
        Array.from({ length: 30 }, (_, n) =>
          key(n, n % 2 ? { revokedAt: new Date(start + n * hour + 1000) } : { expiresAt: new Date(start + n * hour + 1000) }),
        ),
      );
    await c.database.db.insert(customerApiKeys).values(Array.from({ length: API_KEYS_ACTIVE_MAX - 1 }, (_, n) => key(30 + n)));

    // Three asked at once for the last place: one gets it.
    const create = (name: string) => c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name } });
    const raced = await Promise.all(['a', 'b', 'c'].map((name) => create(`raced ${name}`)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    const refused = raced.find((r) => r.statusCode === 403)!;
    expect(refused.json()).toMatchObject({ message: API_KEY_MESSAGES.tooMany });

    const list = async () => (await c.app.inject({ method: 'GET', url: '/api/api-keys', headers })).json() as ApiKeyList;
    const listed = await list();
    const inUse = listed.items.filter((k) => !k.revokedAt && (!k.expiresAt || Date.parse(k.expiresAt) > Date.now()));
    expect(inUse).toHaveLength(API_KEYS_ACTIVE_MAX);
    const ended = listed.items.filter((k) => !inUse.includes(k));
    expect(ended.map((k) => k.name)).toEqual(Array.from({ length: API_KEYS_ENDED_LISTED }, (_, i) => `key ${29 - i}`));
    const createdAt = listed.items.map((k) => Date.parse(k.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

    // Revoking one frees its place, once.
    const revoked = await c.app.inject({ method: 'DELETE', url: `/api/api-keys/${inUse.at(-1)!.id}`, headers });
    expect(revoked.statusCode).toBe(200);
    expect((await create('after revoke')).statusCode).toBe(201);
    expect((await create('one too many')).statusCode).toBe(403);
    expect((await list()).items.filter((k) => k.revokedAt).map((k) => k.name)).toContain('key 30');
    // One that does not exist (deleted with its chatbot, say) says so, in words the error sanitiser lets through.
    const missing = await c.app.inject({ method: 'DELETE', url: '/api/api-keys/00000000-0000-4000-8000-000000000000', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(API_KEY_MESSAGES.notFound);
  });
});
