import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import type { SystemApiKey, SystemApiKeyList } from '@parley/shared/contracts/system-api-keys';
import { SYSTEM_KEYS_MAX } from '@parley/shared/constants';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { adminActivityLogs, knowledgeSources, systemApiKeys } from '../../db/schema/index';
import { embeddingsHandler, startFakeOpenAI, streamingChatHandler } from '../../rag/__fixtures__/fake-openai';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const fake = await startFakeOpenAI();
fake.handle('/v1/embeddings', embeddingsHandler(1536));
fake.handle('/v1/chat/completions', streamingChatHandler(['Rockets ship ', 'from Rotterdam [1].']));
afterAll(() => fake.close());

const BASE = '/api/admin/system-api-keys';
const SYSTEM_VALUE = 'sk-system-Pl41nT3xt-0123456789-ABCDEFGHIJ';
const FREE_VALUE = 'sk-free-Pl41nT3xt-9876543210-ZYXWVUTSRQ';
const OTHER_VALUE = 'sk-ant-Pl41nT3xt-anthropic-5555-KLMNOP';
const PLAINTEXTS = [SYSTEM_VALUE, FREE_VALUE, OTHER_VALUE];

const bearerOf = (request: { headers: Record<string, string | string[] | undefined> }) => request.headers.authorization;

async function createKey(c: TestContext, cookie: string, body: Record<string, unknown>) {
  return c.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: body });
}

async function list(c: TestContext, cookie: string): Promise<SystemApiKeyList> {
  const response = await c.app.inject({ method: 'GET', url: BASE, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  for (const plaintext of PLAINTEXTS) expect(response.body).not.toContain(plaintext);
  return response.json() as SystemApiKeyList;
}

async function waitForSources(c: TestContext, chatbotId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.chatbotId, chatbotId));
    if (rows.some((r) => r.status === 'failed')) throw new Error(`ingestion failed: ${rows.map((r) => r.error).join(', ')}`);
    if (rows.length > 0 && rows.every((r) => r.status === 'ready')) return;
    if (Date.now() > deadline) throw new Error('ingestion did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function ask(c: TestContext, cookie: string, chatbotId: string, message: string) {
  const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/test-chat`, headers: { cookie }, payload: { message } });
  expect(response.statusCode).toBe(200);
  const events = response.body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
  const text = events
    .filter((e) => e.type === 'delta')
    .map((e) => (e as { text: string }).text)
    .join('');
  return { text, error: events.find((e) => e.type === 'error') };
}

describeEachDatabase(
  'system API keys',
  (ctx) => {
    let admin: { cookie: string; userId: string };
    const ids: Record<string, string> = {};

    it('creates, lists (last 4 characters only), edits, resets and deletes keys, logging each action without the value', async () => {
      const c = ctx();
      admin = await createAdmin(c, 'system_admin');
      const empty = await list(c, admin.cookie);
      expect(empty).toEqual({
        items: [],
        embeddingProvider: { service: 'openai', configured: false, source: null, dailyLimitReached: false },
        environmentServices: [],
      });

      const created = await createKey(c, admin.cookie, {
        serviceName: 'anthropic',
        keyName: 'anthropic_main',
        apiKey: `  ${OTHER_VALUE}  `,
        description: 'Claude answers',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.body).not.toContain(OTHER_VALUE);
      const key = created.json() as SystemApiKey;
      ids.anthropic = key.id;
      expect(key).toMatchObject({
        serviceName: 'anthropic',
        keyName: 'anthropic_main',
        tier: 'system',
        scope: 'all',
        description: 'Claude answers',
        isActive: true,
        usageCountToday: 0,
        usageLimitPerDay: null,
        lastUsedDate: null,
        last4: OTHER_VALUE.slice(-4),
      });
      expect(Object.keys(key)).not.toContain('apiKey');
      expect(Object.keys(key)).not.toContain('encryptedValue');

      const duplicate = await createKey(c, admin.cookie, { serviceName: 'openai', keyName: 'anthropic_main', apiKey: SYSTEM_VALUE });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('The name "anthropic_main" is already in use. Choose another name.');

      const patch = (id: string, body: object) => c.app.inject({ method: 'PATCH', url: `${BASE}/${id}`, headers: { cookie: admin.cookie }, payload: body });
      const renamed = await patch(key.id, { keyName: 'anthropic-primary', description: 'Primary Claude', isActive: false });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ keyName: 'anthropic-primary', description: 'Primary Claude', isActive: false, last4: OTHER_VALUE.slice(-4) });
      expect((await patch(key.id, { usageLimitPerDay: 10 })).json().message).toBe(
        'System tier entries are unlimited: a daily usage limit applies to the free tier only.',
      );
      expect((await patch(key.id, {})).json().message).toBe('Nothing to update.');
      expect((await patch(key.id, { keyName: 'bad name!' })).statusCode).toBe(400);
      expect((await patch('00000000-0000-4000-8000-000000000000', { isActive: true })).statusCode).toBe(404);
      expect((await patch('not-a-uuid', { isActive: true })).statusCode).toBe(400);

      const reset = await c.app.inject({ method: 'POST', url: `${BASE}/${key.id}/reset-usage`, headers: { cookie: admin.cookie } });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ usageCountToday: 0, lastUsedDate: new Date().toISOString().slice(0, 10) });

      const removed = await c.app.inject({ method: 'DELETE', url: `${BASE}/${key.id}`, headers: { cookie: admin.cookie } });
      expect(removed.json()).toEqual({ ok: true });
      expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${key.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
      expect((await list(c, admin.cookie)).items).toEqual([]);

      const entries = await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, key.id));
      expect(entries.map((e) => e.action).sort()).toEqual(
        ['system_api_key_created', 'system_api_key_deleted', 'system_api_key_updated', 'system_api_key_usage_reset'].sort(),
      );
      expect(entries.every((e) => e.adminUserId === admin.userId)).toBe(true);
      expect(JSON.stringify(entries)).not.toContain(OTHER_VALUE);
      expect(JSON.stringify(entries)).not.toContain(OTHER_VALUE.slice(0, 12));
      const updated = entries.find((e) => e.action === 'system_api_key_updated')!.details as { changed_fields: string[] };
      expect(updated.changed_fields.sort()).toEqual(['description', 'is_active', 'key_name']);
    });

    it('refuses invalid entries with the reason, and stores nothing', async () => {
      const c = ctx();
      const valid = { serviceName: 'openai', keyName: 'valid_name', apiKey: SYSTEM_VALUE };
      const cases: [object, string][] = [
        [{ keyName: '' }, 'A name is required.'],
        [{ keyName: 'has spaces' }, 'The name may contain letters, digits, underscores and hyphens only.'],
        [{ keyName: 'x'.repeat(101) }, 'The name must be at most 100 characters.'],
        [{ apiKey: '' }, 'The value is required.'],
        [{ apiKey: 'short' }, 'The value must be at least 8 characters.'],
        [{ apiKey: 'sk-with a space' }, 'The value must not contain spaces.'],
        // Refused before the contract, as every route refuses it (plugins/storable-text.ts).
        [{ apiKey: 'sk-abc\u0000defgh' }, 'Text cannot contain the NUL character (U+0000). Remove it and try again.'],
        [{ apiKey: 'sk-abc\u2026defgh' }, 'The value may contain only letters, digits and punctuation (ASCII), as providers issue them.'],
        [{ serviceName: 'cohere' }, 'Service must be one of openai, anthropic, google, mistral.'],
        [{ tier: 'user' }, 'Tier must be system or free.'],
        [{ scope: 'admin' }, 'Scope must be all, chat or embeddings.'],
        [{ tier: 'free' }, 'A daily usage limit is required for the free tier.'],
        [{ tier: 'free', usageLimitPerDay: 0 }, 'The daily usage limit must be at least 1.'],
        [{ tier: 'free', usageLimitPerDay: 1.5 }, 'The daily usage limit must be a whole number.'],
        [{ tier: 'system', usageLimitPerDay: 5 }, 'System tier entries are unlimited: leave the daily usage limit empty.'],
        [{ description: 'd'.repeat(501) }, 'The description must be at most 500 characters.'],
      ];
      for (const [change, message] of cases) {
        const response = await createKey(c, admin.cookie, { ...valid, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json().message, JSON.stringify(change)).toContain(message);
      }
      expect(await c.database.db.select().from(systemApiKeys)).toEqual([]);
    });

    it('is for system admins only', async () => {
      const c = ctx();
      for (const role of ['support', 'developer'] as const) {
        const other = await createAdmin(c, role);
        expect((await c.app.inject({ method: 'GET', url: BASE, headers: { cookie: other.cookie } })).statusCode, role).toBe(403);
        expect((await createKey(c, other.cookie, { serviceName: 'openai', keyName: `by_${role}`, apiKey: SYSTEM_VALUE })).statusCode, role).toBe(403);
      }
      const customer = await createSignedInUser(c);
      expect((await c.app.inject({ method: 'GET', url: BASE, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
      expect((await c.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
      expect(await c.database.db.select().from(systemApiKeys)).toEqual([]);
    });

    it('a key added through the API is used by ingestion and answers: the provider receives it as the bearer credential', async () => {
      const c = ctx();
      const created = await createKey(c, admin.cookie, { serviceName: 'openai', keyName: 'openai_system', apiKey: SYSTEM_VALUE, description: 'Main' });
      ids.system = (created.json() as SystemApiKey).id;
      expect((await list(c, admin.cookie)).embeddingProvider).toEqual({ service: 'openai', configured: true, source: 'system_key', dailyLimitReached: false });

      const owner = await createSignedInUser(c);
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'OpenAI bot', modelProvider: 'openai', modelName: 'gpt-4o-mini' },
        })
      ).json() as { id: string; embedding: { provider: string; model: string; dimensions: number } };
      // With an OpenAI key available, new chatbots embed with the configured default model.
      expect(bot.embedding).toEqual({ provider: 'openai', model: 'text-embedding-3-small', dimensions: 1536 });

      const seen = fake.requests.length;
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'shipping', text: 'Rockets ship from Rotterdam. Delivery to Europe takes three days.' },
      });
      await waitForSources(c, bot.id);
      const answer = await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
      expect(answer.error).toBeUndefined();
      expect(answer.text).toBe('Rockets ship from Rotterdam [1].');

      const sent = fake.requests.slice(seen);
      expect(sent.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings', '/v1/chat/completions']);
      for (const request of sent) expect(bearerOf(request)).toBe(`Bearer ${SYSTEM_VALUE}`);
      // One counted use each: the document's embedding, the question's, the answer.
      const stored = (await list(c, admin.cookie)).items.find((k) => k.id === ids.system)!;
      expect(stored).toMatchObject({ usageCountToday: 3, lastUsedDate: new Date().toISOString().slice(0, 10) });
    });

    it('free keys are used under their daily limit, counted, and refused past it (answers then fall back to the built-in answerer)', async () => {
      const c = ctx();
      const patch = (id: string, body: object) => c.app.inject({ method: 'PATCH', url: `${BASE}/${id}`, headers: { cookie: admin.cookie }, payload: body });
      expect((await patch(ids.system!, { isActive: false })).statusCode).toBe(200);
      expect((await list(c, admin.cookie)).embeddingProvider).toEqual({ service: 'openai', configured: false, source: null, dailyLimitReached: false });

      const owner = await createSignedInUser(c);
      // No OpenAI key now: the chatbot embeds locally, and only its answers use OpenAI.
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'Free bot', modelProvider: 'openai', modelName: 'gpt-4o-mini' },
        })
      ).json() as { id: string; embedding: { provider: string } };
      expect(bot.embedding.provider).toBe('local');
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'shipping', text: 'Rockets ship from Rotterdam. Delivery to Europe takes three days.' },
      });
      await waitForSources(c, bot.id);

      const free = await createKey(c, admin.cookie, { serviceName: 'openai', keyName: 'openai_free', apiKey: FREE_VALUE, tier: 'free', usageLimitPerDay: 2 });
      expect(free.statusCode, free.body).toBe(201);
      ids.free = (free.json() as SystemApiKey).id;
      expect(free.json()).toMatchObject({ tier: 'free', usageLimitPerDay: 2, last4: FREE_VALUE.slice(-4) });
      expect((await list(c, admin.cookie)).embeddingProvider.configured).toBe(true);

      const freeKey = async () => (await list(c, admin.cookie)).items.find((k) => k.id === ids.free)!;
      for (const expected of [1, 2]) {
        const seen = fake.requests.length;
        const answer = await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
        expect(answer.text).toBe('Rockets ship from Rotterdam [1].');
        expect(fake.requests.slice(seen).map(bearerOf)).toEqual([`Bearer ${FREE_VALUE}`]);
        expect((await freeKey()).usageCountToday).toBe(expected);
      }
      // Past the limit: no request to the provider; the built-in answerer answers from the documents.
      const seen = fake.requests.length;
      const limited = await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
      expect(limited.error).toBeUndefined();
      expect(limited.text).not.toBe('Rockets ship from Rotterdam [1].');
      expect(limited.text).toContain('Rotterdam');
      expect(fake.requests.length).toBe(seen);
      expect((await freeKey()).usageCountToday).toBe(2);
      // The System API Keys tab says so: the only OpenAI key is spent until midnight UTC.
      expect((await list(c, admin.cookie)).embeddingProvider).toMatchObject({ configured: true, dailyLimitReached: true });

      // A system key is preferred whenever one is active; it does not touch the free key's counter.
      await patch(ids.system!, { isActive: true });
      const before = fake.requests.length;
      await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
      expect(fake.requests.slice(before).map(bearerOf)).toEqual([`Bearer ${SYSTEM_VALUE}`]);
      expect((await freeKey()).usageCountToday).toBe(2);
      await patch(ids.system!, { isActive: false });

      // Resetting the counter makes the free key usable again; a new UTC day does so by itself.
      const reset = await c.app.inject({ method: 'POST', url: `${BASE}/${ids.free}/reset-usage`, headers: { cookie: admin.cookie } });
      expect(reset.json()).toMatchObject({ usageCountToday: 0 });
      expect((await list(c, admin.cookie)).embeddingProvider.dailyLimitReached).toBe(false);
      await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
      expect(bearerOf(fake.requests.at(-1)!)).toBe(`Bearer ${FREE_VALUE}`);
      expect((await freeKey()).usageCountToday).toBe(1);

      await c.database.db.update(systemApiKeys).set({ usageCountToday: 2, lastUsedDate: '2020-01-01' }).where(eq(systemApiKeys.id, ids.free!));
      expect((await freeKey()).usageCountToday).toBe(0);
      await ask(c, owner.cookie, bot.id, 'Where do rockets ship from?');
      expect(bearerOf(fake.requests.at(-1)!)).toBe(`Bearer ${FREE_VALUE}`);
      expect((await freeKey()).usageCountToday).toBe(1);

      // Raising the limit on the free key applies at once.
      expect((await patch(ids.free!, { usageLimitPerDay: 5 })).json()).toMatchObject({ usageLimitPerDay: 5 });
      const logged = await c.database.db
        .select()
        .from(adminActivityLogs)
        .where(and(inArray(adminActivityLogs.resourceId, [ids.free!, ids.system!]), like(adminActivityLogs.action, 'system_api_key%')));
      expect(logged.length).toBeGreaterThanOrEqual(6);
    });

    it('stores every value encrypted: no text in any table holds a plaintext value', async () => {
      const c = ctx();
      const anthropic = await createKey(c, admin.cookie, { serviceName: 'anthropic', keyName: 'anthropic_again', apiKey: OTHER_VALUE, scope: 'chat' });
      expect(anthropic.statusCode).toBe(201);
      const stored = await c.database.db.select().from(systemApiKeys);
      expect(stored.length).toBe(3);
      for (const row of stored) expect(row.encryptedValue).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

      const tables = (
        await c.database.executeSql(
          `SELECT table_schema, table_name FROM information_schema.tables
            WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
        )
      ).rows as { table_schema: string; table_name: string }[];
      expect(tables.map((t) => t.table_name)).toContain('system_api_keys');
      let scanned = 0;
      for (const { table_schema: schema, table_name: table } of tables) {
        // Every column of every row, as text (jsonb, arrays and bytea as their text forms).
        const rows = (await c.database.executeSql(`SELECT t::text AS row FROM "${schema}"."${table}" AS t`)).rows as { row: string }[];
        for (const { row } of rows) {
          scanned += 1;
          for (const plaintext of PLAINTEXTS) {
            expect(row.includes(plaintext), `${schema}.${table} holds a plaintext value`).toBe(false);
            expect(row.includes(Buffer.from(plaintext).toString('hex')), `${schema}.${table} holds a hex plaintext`).toBe(false);
            expect(row.includes(Buffer.from(plaintext).toString('base64')), `${schema}.${table} holds a base64 plaintext`).toBe(false);
          }
        }
      }
      expect(scanned).toBeGreaterThan(20);
    });

    it(`never stores more than ${SYSTEM_KEYS_MAX} entries, also when admins add them at the same moment`, async () => {
      const c = ctx();
      const existing = (await c.database.db.select({ id: systemApiKeys.id }).from(systemApiKeys)).length;
      const filler = Array.from({ length: SYSTEM_KEYS_MAX - 2 - existing }, (_, i) => ({
        serviceName: 'mistral' as const,
        keyName: `filler_${i}`,
        encryptedValue: 'v1.not.a.value',
        last4: '0000',
      }));
      await c.database.db.insert(systemApiKeys).values(filler);
      const attempts = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createKey(c, admin.cookie, { serviceName: 'openai', keyName: `race_${i}`, apiKey: SYSTEM_VALUE })),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
      expect(attempts.find((r) => r.statusCode === 409)!.json().message).toBe(`At most ${SYSTEM_KEYS_MAX} entries can be stored. Delete unused ones first.`);
      expect((await c.database.db.select({ id: systemApiKeys.id }).from(systemApiKeys)).length).toBe(SYSTEM_KEYS_MAX);
      await c.database.db.delete(systemApiKeys).where(or(like(systemApiKeys.keyName, 'filler_%'), like(systemApiKeys.keyName, 'race_%')));
    });
  },
  { OPENAI_BASE_URL: fake.baseURL },
  { startBackgroundWork: true },
);
