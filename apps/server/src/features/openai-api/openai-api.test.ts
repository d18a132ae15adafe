import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUsers, customerApiKeys, organizationMembers, usageLedger } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

/** A chatbot with one ready document, an API key for it, and the official client pointed at the server. */
async function setUp(c: TestContext) {
  const owner = await createSignedInUser(c);
  const bot = (
    await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'API bot', status: 'live' } })
  ).json() as {
    id: string;
    organizationId: string;
  };
  await c.app.inject({
    method: 'POST',
    url: `/api/chatbots/${bot.id}/sources/text`,
    headers: { cookie: owner.cookie },
    payload: { name: 'shipping', text: 'We ship rockets from Rotterdam. Delivery to Europe takes three days.' },
  });
  const deadline = Date.now() + 30_000;
  while (
    (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items[0]?.status !== 'ready'
  ) {
    if (Date.now() > deadline) throw new Error('source not ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie: owner.cookie },
    payload: { name: 'backend', chatbotId: null },
  });
  expect(created.statusCode).toBe(201);
  const { secret, apiKey } = created.json() as { secret: string; apiKey: { id: string; prefix: string } };
  if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}/v1`;
  return { owner, bot, secret, apiKey, baseURL, client: new OpenAI({ apiKey: secret, baseURL, maxRetries: 0 }) };
}

describeEachDatabase(
  'the OpenAI-compatible API, through the official openai client',
  (ctx) => {
    it('answers non-streaming and streaming completions grounded in the chatbot, with usage; lists the models', async () => {
      const c = ctx();
      const { bot, client, owner, apiKey } = await setUp(c);

      const models = await client.models.list();
      expect(models.data.map((m) => m.id)).toEqual([bot.id]);

      // The usage is the turn's metered tokens: the question's input row as the prompt, the answer's output row as the completion.
      const metered = async (tokenType: 'input' | 'output') =>
        (await c.database.db.select().from(usageLedger).where(eq(usageLedger.chatbotId, bot.id)))
          .filter((row) => row.tokenType === tokenType)
          .reduce((sum, row) => sum + row.tokens, 0);
      const completion = await client.chat.completions.create({
        model: bot.id,
        messages: [{ role: 'user', content: 'How long does delivery to Europe take?' }],
      });
      expect(completion.object).toBe('chat.completion');
      expect(completion.choices[0]?.message.content).toMatch(/three days/);
      const [input, output] = [await metered('input'), await metered('output')];
      expect(input).toBeGreaterThan(0);
      expect(output).toBeGreaterThan(0);
      expect(completion.usage).toEqual({ prompt_tokens: input, completion_tokens: output, total_tokens: input + output });

      const stream = await client.chat.completions.create({
        model: bot.id,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: 'Where do you ship from?' },
        ],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toMatch(/Rotterdam/);
      const [streamedInput, streamedOutput] = [(await metered('input')) - input, (await metered('output')) - output];
      expect(usage).toEqual({ prompt_tokens: streamedInput, completion_tokens: streamedOutput, total_tokens: streamedInput + streamedOutput });

      const listed = (await c.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: owner.cookie } })).json().items[0];
      expect(listed).toMatchObject({ id: apiKey.id, usageCount: 3 });
      expect(listed.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(listed)).not.toContain('key_hash');
    });

    it('answers errors as OpenAI does: unknown model 404, bad body 400, revoked key 401, over the monthly limit 429', async () => {
      const c = ctx();
      const { bot, client, owner, apiKey, baseURL } = await setUp(c);

      await expect(
        client.chat.completions.create({ model: '00000000-0000-4000-8000-000000000000', messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toMatchObject({
        status: 404,
        code: 'model_not_found',
      });
      await expect(client.chat.completions.create({ model: bot.id, messages: [] })).rejects.toMatchObject({ status: 400, type: 'invalid_request_error' });
      await expect(new OpenAI({ apiKey: 'pk_wrong', baseURL, maxRetries: 0 }).models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
      // models.retrieve: the chatbot as a model, or OpenAI's 404.
      expect(await client.models.retrieve(bot.id)).toMatchObject({ id: bot.id, object: 'model', owned_by: 'parley' });
      await expect(client.models.retrieve('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
      // What Fastify refuses before the route runs, and paths that do not exist, answer in OpenAI's shape too.
      const authorization = `Bearer ${(client as unknown as { apiKey: string }).apiKey}`;
      const malformed = await c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization, 'content-type': 'application/json' },
        payload: '{"model": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null, message: expect.any(String) } });
      const unknown = await c.app.inject({ method: 'GET', url: '/v1/embeddings', headers: { authorization } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { message: 'No route for GET /v1/embeddings', type: 'invalid_request_error', param: null, code: 'not_found' } });
      const unknownPost = await c.app.inject({ method: 'POST', url: '/v1/embeddings', headers: { authorization }, payload: {} });
      expect(unknownPost.json()).toMatchObject({ error: { code: 'not_found' } });
      await expect(client.embeddings.create({ model: bot.id, input: 'x' })).rejects.toMatchObject({ status: 404, type: 'invalid_request_error' });

      await c.database.db.insert(usageLedger).values({ organizationId: bot.organizationId, tokenType: 'input', tokens: 10_000_000 });
      await expect(client.chat.completions.create({ model: bot.id, messages: [{ role: 'user', content: 'Where do you ship from?' }] })).rejects.toMatchObject({
        status: 429,
        code: 'insufficient_quota',
      });

      expect((await c.app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
      await expect(client.models.list()).rejects.toMatchObject({ status: 401 });
    });

    it('a key scoped to one chatbot cannot use another; keys of another organization are invisible', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const first = (
        await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'One', status: 'live' } })
      ).json() as {
        id: string;
      };
      const second = (
        await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Two', status: 'live' } })
      ).json() as {
        id: string;
      };
      const scoped = (
        await c.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner.cookie }, payload: { name: 'scoped', chatbotId: first.id } })
      ).json() as {
        secret: string;
        apiKey: { id: string; chatbotName: string };
      };
      expect(scoped.apiKey.chatbotName).toBe('One');
      const models = await c.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${scoped.secret}` } });
      expect(models.json().data.map((m: { id: string }) => m.id)).toEqual([first.id]);
      const other = await c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${scoped.secret}` },
        payload: { model: second.id, messages: [{ role: 'user', content: 'hi' }] },
      });
      expect(other.statusCode).toBe(404);

      const stranger = await createSignedInUser(c);
      expect((await c.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: stranger.cookie } })).json().items).toEqual([]);
      expect((await c.app.inject({ method: 'DELETE', url: `/api/api-keys/${scoped.apiKey.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      const badScope = await c.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie: stranger.cookie },
        payload: { name: 'x', chatbotId: first.id },
      });
      expect(badScope.statusCode).toBe(404);
      expect((await c.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: stranger.cookie }, payload: { name: '' } })).statusCode).toBe(400);
    });

    it('admin keys: only administrators create them, other members of the organization never see them, and they stop with the admin role', async () => {
      const c = ctx();
      const { db } = c.database;
      const admin = await createSignedInUser(c);
      const create = (cookie: string, payload: Record<string, unknown>) => c.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload });
      const list = async (cookie: string) =>
        (await c.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie } })).json() as {
          items: { id: string; isAdminKey: boolean }[];
          canCreateAdminKeys: boolean;
        };

      const refused = await create(admin.cookie, { name: 'ops', adminKey: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only administrators can create personal admin credentials.');
      expect((await list(admin.cookie)).canCreateAdminKeys).toBe(false);

      await db.insert(adminUsers).values({ userId: admin.userId, role: 'developer', isActive: true });
      expect((await list(admin.cookie)).canCreateAdminKeys).toBe(true);
      const adminKey = (await create(admin.cookie, { name: 'ops', adminKey: true })).json() as { secret: string; apiKey: { id: string; isAdminKey: boolean } };
      expect(adminKey.apiKey.isAdminKey).toBe(true);
      const teamKey = (await create(admin.cookie, { name: 'team' })).json() as { apiKey: { id: string; isAdminKey: boolean } };
      expect(teamKey.apiKey.isAdminKey).toBe(false);
      const [stored] = await db.select().from(customerApiKeys).where(eq(customerApiKeys.id, adminKey.apiKey.id));
      expect(stored).toMatchObject({ createdByAdmin: true, adminOnly: true });

      // A colleague in the same organization (an admin of it: keys take one) sees the team key only, and cannot revoke the admin key.
      const colleague = await createSignedInUser(c);
      const [membership] = await db.select().from(organizationMembers).where(eq(organizationMembers.userId, admin.userId));
      await db.delete(organizationMembers).where(eq(organizationMembers.userId, colleague.userId));
      await db.insert(organizationMembers).values({ organizationId: membership!.organizationId, userId: colleague.userId, role: 'member' });
      // A plain member does not manage the organization's keys at all.
      expect((await c.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: colleague.cookie } })).statusCode).toBe(403);
      await db.update(organizationMembers).set({ role: 'admin' }).where(eq(organizationMembers.userId, colleague.userId));
      expect((await list(colleague.cookie)).items.map((k) => k.id)).toEqual([teamKey.apiKey.id]);
      expect((await c.app.inject({ method: 'DELETE', url: `/api/api-keys/${adminKey.apiKey.id}`, headers: { cookie: colleague.cookie } })).statusCode).toBe(
        404,
      );
      expect((await list(admin.cookie)).items.map((k) => k.id).sort()).toEqual([adminKey.apiKey.id, teamKey.apiKey.id].sort());

      const models = () => c.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${adminKey.secret}` } });
      expect((await models()).statusCode).toBe(200);
      await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.userId, admin.userId));
      expect((await models()).statusCode).toBe(401);
    });
  },
  {},
  { startBackgroundWork: true },
);
