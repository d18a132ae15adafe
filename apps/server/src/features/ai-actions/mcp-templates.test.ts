import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ACTION_TEMPLATE_MCP_MESSAGES, ACTION_WEBHOOK_TESTS_PER_MINUTE, type ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { CHATBOT_ACTION_MESSAGES, type ActionCatalogue, type McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { aiActionTemplates } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const TOKEN = 'operator-listing-credential-7d1e';

/** Every request that reached the local MCP server, with the Authorization header it carried. */
const received: { method: string; authorization: string | undefined }[] = [];

/** The third party: a stateless MCP server built with the SDK, two tools, a bearer credential. */
const mcpHttp: Server = createServer((req, res) => {
  received.push({ method: req.method ?? '', authorization: req.headers.authorization });
  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    return res.end('{"error":"invalid_token"}');
  }
  void (async () => {
    const server = new McpServer({ name: 'orders-test', version: '1.4.0' });
    const order = { order_id: z.string().describe('The order id, like A-123') };
    server.registerTool('find_order', { description: 'Finds an order by its id.', inputSchema: order }, async (args) => ({
      content: [{ type: 'text', text: `Order ${args.order_id}: shipped` }],
    }));
    server.registerTool('cancel_order', { description: 'Cancels an order.', inputSchema: order }, async () => ({
      content: [{ type: 'text', text: 'Cancelled' }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  })();
});
await new Promise<void>((resolve) => mcpHttp.listen(0, '127.0.0.1', resolve));
const mcpPort = (mcpHttp.address() as AddressInfo).port;
const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
afterAll(async () => {
  mcpHttp.closeAllConnections();
  await new Promise<void>((resolve) => mcpHttp.close(() => resolve()));
});

const listTools = (c: TestContext, cookie: string, payload: object) =>
  c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/mcp-tools', headers: { cookie }, payload });

const saveTemplate = (c: TestContext, cookie: string, payload: object) =>
  c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/templates', headers: { cookie }, payload: { actionType: 'integration', ...payload } });

describeEachDatabase(
  'action templates that point to an MCP server (local servers allowed, as in development)',
  (ctx) => {
    it('lists the server’s tools for the operator with the credential given for the look-up', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const before = received.length;
      const response = await listTools(c, dev.cookie, { url: mcpUrl, authToken: TOKEN });
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json() as McpToolList;
      expect(list.server).toEqual({ name: 'orders-test', version: '1.4.0' });
      expect(list.tools.map((tool) => [tool.name, tool.description])).toEqual([
        ['find_order', 'Finds an order by its id.'],
        ['cancel_order', 'Cancels an order.'],
      ]);
      expect(list.tools[0]!.inputSchema).toMatchObject({ type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] });
      expect(response.body).not.toContain(TOKEN);
      const sent = received.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    });

    it('answers 400 in the operator’s words when the server refuses or is not an MCP server, and 403 to whoever is not an operator', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const missing = await listTools(c, dev.cookie, { url: mcpUrl });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('The MCP server requires authorization (HTTP 401). Add the bearer credential it gave you.');
      const wrong = await listTools(c, dev.cookie, { url: mcpUrl, authToken: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('The MCP server did not accept the bearer credential (HTTP 401). Check it and try again.');
      const notUrl = await listTools(c, dev.cookie, { url: 'ftp://example.com/mcp' });
      expect(notUrl.statusCode).toBe(400);
      expect(notUrl.json().message).toContain(CHATBOT_ACTION_MESSAGES.urlInvalid);

      const before = received.length;
      const customer = await createSignedInUser(c);
      const support = await createAdmin(c, 'support');
      for (const cookie of [customer.cookie, support.cookie]) {
        expect((await listTools(c, cookie, { url: mcpUrl, authToken: TOKEN })).statusCode).toBe(403);
      }
      expect((await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/mcp-tools', payload: { url: mcpUrl } })).statusCode).toBe(401);
      expect(received.length).toBe(before);
    });

    it('limits the look-ups to the webhook tests’ rate per operator', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      for (let i = 0; i < ACTION_WEBHOOK_TESTS_PER_MINUTE; i += 1) expect((await listTools(c, admin.cookie, { url: mcpUrl })).statusCode).toBe(400);
      const before = received.length;
      const limited = await listTools(c, admin.cookie, { url: mcpUrl, authToken: TOKEN });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(CHATBOT_ACTION_MESSAGES.tooManyMcpLookups);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(received.length).toBe(before);
    });

    it('publishes a template that points to the server: the owner’s catalogue offers it as kind mcp with its url and tools, and its actions save with the template', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const created = await saveTemplate(c, dev.cookie, {
        name: 'Order desk',
        description: 'Order tools of the shop.',
        templateConfig: JSON.stringify({ mcp: { url: mcpUrl, tools: ['find_order'] }, note: 'kept' }),
        // Webhooks give way to the MCP server, and their credentials are not handed out either way.
        webhooks: [{ id: 'wh1', name: 'Old hook', endpointUrl: 'https://shop.example.com/hook', headers: { 'X-Shop': 'acme' } }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const template = created.json() as ActionTemplate;
      expect(JSON.parse(template.templateConfig)).toEqual({ mcp: { url: mcpUrl, tools: ['find_order'] }, note: 'kept' });

      const owner = await createSignedInUser(c);
      const headers = { cookie: owner.cookie };
      const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Shop bot' } })).json() as { id: string };
      const catalogue = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/catalogue`, headers });
      expect(catalogue.statusCode, catalogue.body).toBe(200);
      const item = (catalogue.json() as ActionCatalogue).items.find((entry) => entry.templateId === template.id);
      expect(item?.suggested).toEqual({
        kind: 'mcp',
        name: 'order_desk',
        description: 'Order tools of the shop.',
        url: mcpUrl,
        headers: {},
        parameters: { type: 'object', properties: {} },
        mcpTools: ['find_order'],
      });

      // The owner's half, as the builder does it: list with their own credential, add the offered tool with the template named.
      const listed = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/mcp-tools`,
        headers,
        payload: { url: mcpUrl, authToken: TOKEN },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const tool = (listed.json() as McpToolList).tools.find((entry) => entry.name === 'find_order')!;
      const action = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions`,
        headers,
        payload: {
          templateId: template.id,
          kind: 'mcp',
          name: tool.suggestedName,
          description: tool.description,
          url: item!.suggested.url,
          mcpTool: tool.name,
          authToken: TOKEN,
          parameters: tool.inputSchema,
        },
      });
      expect(action.statusCode, action.body).toBe(201);
      expect(action.json()).toMatchObject({ templateId: template.id, kind: 'mcp', mcpTool: 'find_order', url: mcpUrl, hasAuthToken: true });

      // A template without tools offers all of them; one whose configuration is not JSON stays a webhook template.
      const all = await saveTemplate(c, dev.cookie, { name: 'All tools', templateConfig: JSON.stringify({ mcp: { url: mcpUrl } }) });
      expect(all.statusCode, all.body).toBe(201);
      const again = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/catalogue`, headers })).json() as ActionCatalogue;
      expect(again.items.find((entry) => entry.templateId === (all.json() as ActionTemplate).id)?.suggested).toMatchObject({
        kind: 'mcp',
        url: mcpUrl,
        mcpTools: [],
      });
    });

    it('refuses an MCP entry that is not a server address with its tools, or that carries a credential, and saves nothing', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const cases: [unknown, string][] = [
        ['https://tools.example.com/mcp', ACTION_TEMPLATE_MCP_MESSAGES.notObject],
        [{ tools: ['a'] }, ACTION_TEMPLATE_MCP_MESSAGES.url],
        [{ url: 'ftp://tools.example.com/mcp' }, ACTION_TEMPLATE_MCP_MESSAGES.url],
        [{ url: 'https://tools.example.com/mcp', tools: 'a' }, ACTION_TEMPLATE_MCP_MESSAGES.tools],
        [{ url: 'https://tools.example.com/mcp', tools: ['a', 'a'] }, ACTION_TEMPLATE_MCP_MESSAGES.tools],
        [{ url: 'https://tools.example.com/mcp', tools: [''] }, ACTION_TEMPLATE_MCP_MESSAGES.tools],
        [{ url: 'https://tools.example.com/mcp', authToken: 'abc' }, ACTION_TEMPLATE_MCP_MESSAGES.onlyUrlAndTools],
      ];
      for (const [mcp, message] of cases) {
        const response = await saveTemplate(c, dev.cookie, { name: 'Broken', templateConfig: JSON.stringify({ mcp }) });
        expect(response.statusCode, JSON.stringify(mcp)).toBe(400);
        expect(response.json().message, JSON.stringify(mcp)).toContain(message);
      }
      expect(await c.database.db.select().from(aiActionTemplates).where(eq(aiActionTemplates.name, 'Broken'))).toEqual([]);

      const saved = (await saveTemplate(c, dev.cookie, { name: 'Fine', templateConfig: 'not json, kept as written' })).json() as ActionTemplate;
      const changed = await c.app.inject({
        method: 'PATCH',
        url: `/api/admin/ai-actions/templates/${saved.id}`,
        headers: { cookie: dev.cookie },
        payload: { templateConfig: JSON.stringify({ mcp: { url: 'https://tools.example.com/mcp', token: 'abc' } }) },
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().message).toContain(ACTION_TEMPLATE_MCP_MESSAGES.onlyUrlAndTools);
      const [row] = await c.database.db.select().from(aiActionTemplates).where(eq(aiActionTemplates.id, saved.id));
      expect(row!.templateConfig).toBe('not json, kept as written');
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true', FETCH_TIMEOUT_MS: '3000' },
);

describeEachDatabase(
  'action templates that point to an MCP server (production: public addresses only)',
  (ctx) => {
    it('refuses a server on a private or local address with a clear 400, and sends it nothing', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const before = received.length;
      for (const url of [mcpUrl, `http://localhost:${mcpPort}/mcp`, 'http://10.1.2.3/mcp', 'http://169.254.169.254/mcp']) {
        const response = await listTools(c, dev.cookie, { url, authToken: TOKEN });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toBe(CHATBOT_ACTION_MESSAGES.privateAddress);
      }
      expect(received.length).toBe(before);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'false' },
);
