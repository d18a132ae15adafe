import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tier } from '@parley/shared/contracts/tier-limits';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiRequests, conversations, organizations, usageLedger } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { addTextSource, waitForSourcesReady } from '../../test/training-data';

type Headers = Record<string, string>;

async function createChatbot(c: TestContext, headers: Headers, name: string, status: 'live' | 'draft' = 'live') {
  const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name, status } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; organizationId: string };
}

async function createKey(c: TestContext, headers: Headers, chatbotId: string | null = null) {
  const created = await c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'mcp', chatbotId } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { secret: string; apiKey: { id: string } };
}

async function baseUrl(c: TestContext) {
  if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
}

/** A live chatbot trained on one text, and an API key of its organization. */
async function setUp(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = await createChatbot(c, headers, 'Rocket help');
  await addTextSource(c, headers, bot.id, 'shipping', 'We ship rockets from Rotterdam. Delivery to Europe takes three days.');
  await waitForSourcesReady(c, headers, bot.id, 1);
  const key = await createKey(c, headers);
  return { owner, headers, bot, key, base: await baseUrl(c) };
}

/** The official SDK's client, connected to a chatbot's MCP endpoint with an API key (or none). */
async function connect(base: string, chatbotId: string, secret?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/chatbots/${chatbotId}`), {
    requestInit: secret ? { headers: { Authorization: `Bearer ${secret}` } } : {},
  });
  const client = new Client({ name: 'parley-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const textOf = (result: object) => ((result as { content: { text?: string }[] }).content ?? []).map((part) => part.text ?? '').join('\n');

describeEachDatabase(
  'every chatbot is an MCP server',
  (ctx) => {
    it('the official client connects with an API key, lists the tools, searches the documents and asks a grounded, metered question', async () => {
      const c = ctx();
      const { bot, key, base } = await setUp(c);
      const client = await connect(base, bot.id, key.secret);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'search_knowledge']);
        const search = tools.find((tool) => tool.name === 'search_knowledge')!;
        expect(search.description).toMatch(/passages/);
        expect(search.inputSchema).toMatchObject({ type: 'object', required: ['query'], properties: { limit: { maximum: 5 } } });

        const found = await client.callTool({ name: 'search_knowledge', arguments: { query: 'delivery to Europe' } });
        expect(found.isError).toBeFalsy();
        expect(textOf(found)).toMatch(/\[1\] Source: shipping\n.*three days/);
        expect(found.structuredContent).toMatchObject({ passages: [{ number: 1, source: 'shipping', text: expect.stringMatching(/Rotterdam/) }] });
        const none = await client.callTool({ name: 'search_knowledge', arguments: { query: 'zebra xylophone', limit: 1 } });
        expect(none.isError).toBeFalsy();

        const answered = await client.callTool({ name: 'ask', arguments: { question: 'How long does delivery to Europe take?' } });
        expect(answered.isError).toBeFalsy();
        expect(textOf(answered)).toMatch(/three days[\s\S]*Sources:\n\[1\] shipping: /);
        expect(answered.structuredContent).toMatchObject({
          answered: true,
          answer: expect.stringMatching(/three days/),
          citations: [{ number: 1, source: 'shipping', excerpt: expect.stringMatching(/three days/) }],
        });

        // The turn is the API's: metered on the usage ledger, stored as an API conversation, logged under the key.
        const ledger = await c.database.db.select().from(usageLedger).where(eq(usageLedger.chatbotId, bot.id));
        expect(ledger.filter((row) => row.tokenType === 'input').length).toBeGreaterThan(0);
        expect(ledger.filter((row) => row.tokenType === 'output').reduce((sum, row) => sum + row.tokens, 0)).toBeGreaterThan(0);
        const stored = await c.database.db.select().from(conversations).where(eq(conversations.chatbotId, bot.id));
        expect(stored.map((row) => [row.channel, row.visitorId])).toEqual([['api', `apikey:${key.apiKey.id}`]]);
        await c.app.apiUsage.flush();
        const logged = await c.database.db
          .select()
          .from(apiRequests)
          .where(and(eq(apiRequests.apiKeyId, key.apiKey.id), eq(apiRequests.route, '/mcp/chatbots/:id')));
        expect(logged.length).toBeGreaterThanOrEqual(5);
        expect(logged.some((row) => row.chatbotId === bot.id && row.tokens > 0)).toBe(true);
      } finally {
        await client.close();
      }
    });

    it('answers arguments that do not match the schema with a tool error that says why, never a 500', async () => {
      const c = ctx();
      const { bot, key, base } = await setUp(c);
      const client = await connect(base, bot.id, key.secret);
      try {
        const tooMany = await client.callTool({ name: 'search_knowledge', arguments: { query: 'delivery', limit: 50 } });
        expect(tooMany.isError).toBe(true);
        expect(textOf(tooMany)).toMatch(/limit must be at most 5/);
        const noQuery = await client.callTool({ name: 'search_knowledge', arguments: {} });
        expect(noQuery.isError).toBe(true);
        expect(textOf(noQuery)).toMatch(/search_knowledge.*query/s);
        const empty = await client.callTool({ name: 'ask', arguments: { question: '   ' } });
        expect(empty.isError).toBe(true);
        expect(textOf(empty)).toMatch(/question must not be empty/);
        const wrongType = await client.callTool({ name: 'ask', arguments: { question: 42 } });
        expect(wrongType.isError).toBe(true);
        expect(textOf(wrongType)).toMatch(/question must be a text/);
        const unknown = await client.callTool({ name: 'delete_everything', arguments: {} });
        expect(unknown.isError).toBe(true);
        expect(textOf(unknown)).toMatch(/delete_everything not found/);
      } finally {
        await client.close();
      }
      // No JSON-RPC at all, and the methods a stateless server does not offer.
      const authorization = `Bearer ${key.secret}`;
      const junk = await fetch(`${base}/mcp/chatbots/${bot.id}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ hello: 'world' }),
      });
      expect(junk.status).toBe(400);
      expect(await junk.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
      for (const method of ['GET', 'DELETE']) {
        const refused = await fetch(`${base}/mcp/chatbots/${bot.id}`, { method, headers: { authorization } });
        expect(refused.status, method).toBe(405);
        expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', error: { message: 'Method not allowed.' } });
      }
    });

    it('is refused without a key, with another organization’s key, with a key scoped to another chatbot, and for a draft', async () => {
      const c = ctx();
      const { owner, bot, base } = await setUp(c);
      const refusal = (code: number) => expect.objectContaining({ code });

      await expect(connect(base, bot.id)).rejects.toEqual(refusal(401));
      await expect(connect(base, bot.id, 'pk_not_a_key')).rejects.toEqual(refusal(401));
      const stranger = await createSignedInUser(c);
      const strangerKey = await createKey(c, { cookie: stranger.cookie });
      await expect(connect(base, bot.id, strangerKey.secret)).rejects.toEqual(refusal(404));
      const other = await createChatbot(c, { cookie: owner.cookie }, 'Other bot');
      const scoped = await createKey(c, { cookie: owner.cookie }, other.id);
      await expect(connect(base, bot.id, scoped.secret)).rejects.toEqual(refusal(404));
      await (await connect(base, other.id, scoped.secret)).close();
      const draft = await createChatbot(c, { cookie: owner.cookie }, 'Draft bot', 'draft');
      const ownKey = await createKey(c, { cookie: owner.cookie });
      await expect(connect(base, draft.id, ownKey.secret)).rejects.toEqual(refusal(404));

      // The refusals are JSON-RPC errors with the /v1 API's statuses and messages.
      const anonymous = await fetch(`${base}/mcp/chatbots/${bot.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":7,"method":"tools/list"}',
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32000,
          message: 'Incorrect or revoked API key provided. Create one under API keys in your Parley dashboard.',
          data: { code: 'invalid_api_key' },
        },
      });
      const drafted = await fetch(`${base}/mcp/chatbots/${draft.id}`, { headers: { authorization: `Bearer ${ownKey.secret}` } });
      expect(drafted.status).toBe(404);
      expect(((await drafted.json()) as { error: { message: string } }).error.message).toMatch(/is a draft/);
    });

    it('counts tool calls against the tier’s per-key limit: over it, 429 with Retry-After', async () => {
      const c = ctx();
      const { bot, key, base } = await setUp(c);
      const admin = await createAdmin(c, 'system_admin');
      const tier = await c.app.inject({
        method: 'POST',
        url: '/api/admin/tier-limits',
        headers: { cookie: admin.cookie },
        payload: {
          tier: `mcp-${Math.random().toString(36).slice(2, 10)}`,
          displayName: 'Tight',
          description: '',
          monthlyTokenLimit: 5_000_000,
          maxHandoffsPerMonth: 50,
          maxChatbots: 5,
          isActive: true,
          apiKeyRequestsPerMinute: 2,
        },
      });
      expect(tier.statusCode, tier.body).toBe(201);
      await c.database.db
        .update(organizations)
        .set({ tier: (tier.json() as Tier).tier })
        .where(eq(organizations.id, bot.organizationId));

      const client = await connect(base, bot.id, key.secret);
      try {
        // Connecting and listing are the protocol's own messages: only tool calls count.
        await client.listTools();
        expect((await client.callTool({ name: 'search_knowledge', arguments: { query: 'delivery' } })).isError).toBeFalsy();
        expect((await client.callTool({ name: 'search_knowledge', arguments: { query: 'Rotterdam' } })).isError).toBeFalsy();
        await expect(client.callTool({ name: 'ask', arguments: { question: 'Where do you ship from?' } })).rejects.toMatchObject({ code: 429 });
      } finally {
        await client.close();
      }
      const refused = await fetch(`${base}/mcp/chatbots/${bot.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_knowledge', arguments: { query: 'x' } } }),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 3,
        error: { message: 'Rate limit reached. Please wait and try again.', data: { code: 'rate_limit_exceeded' } },
      });
      // Nothing was answered past the limit: no conversation was stored.
      expect(await c.database.db.select().from(conversations).where(eq(conversations.chatbotId, bot.id))).toEqual([]);
    });
  },
  {},
  { startBackgroundWork: true },
);
