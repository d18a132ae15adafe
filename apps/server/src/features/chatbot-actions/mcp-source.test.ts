import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { CHATBOT_ACTION_MESSAGES, CHATBOT_ACTION_TESTS_PER_MINUTE, type McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatbotActions, messageActionCalls } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, testConfig, type TestContext } from '../../test/harness';
import { contentText, startToolModel } from '../../test/tool-model';
import { callMcpTool, listMcpTools, McpSourceError } from './mcp-client';
import { actionTokenBox, type ChatbotActionRow } from './service';

const TOKEN = 'mcp-test-token-5f2c9a71d0e4';

/** Every `tools/call` the local MCP server ran, and the sessions it opened and was asked to end. */
const toolCalls: { tool: string; arguments: unknown }[] = [];
const sessionsOpened: string[] = [];
const sessionsEnded: string[] = [];
/** Every request that reached the MCP endpoint (with or without a valid token). */
let mcpRequests = 0;

/** The third party: an MCP server built with the same SDK, two tools (and a slow one for the deadline), a bearer token. */
function weatherServer() {
  const server = new McpServer({ name: 'weather-test', version: '2.1.0' });
  const city = { city: z.string().describe('The city, like Paris') };
  server.registerTool('get_weather', { description: 'The weather in a city today.', inputSchema: city }, async (args) => {
    toolCalls.push({ tool: 'get_weather', arguments: args });
    return { content: [{ type: 'text', text: `Sunny in ${args.city}, 21 °C` }], structuredContent: { city: args.city, temperatureC: 21 } };
  });
  server.registerTool('Report-Outage', { description: 'Reports a power outage in a city.', inputSchema: city }, async (args) => {
    toolCalls.push({ tool: 'Report-Outage', arguments: args });
    return { isError: true, content: [{ type: 'text', text: `upstream database exploded at /srv/outages.js:42 (token ${TOKEN})` }] };
  });
  server.registerTool('slow_lookup', { description: 'A lookup that takes its time.', inputSchema: city }, async (args) => {
    toolCalls.push({ tool: 'slow_lookup', arguments: args });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    return { content: [{ type: 'text', text: 'too late' }] };
  });
  return server;
}

const sessions = new Map<string, StreamableHTTPServerTransport>();
const mcpHttp: Server = createServer((req, res) => {
  const path = req.url ?? '';
  if (path === '/not-mcp') {
    res.writeHead(404, { 'content-type': 'text/html' });
    return res.end('<h1>Nothing here</h1>');
  }
  if (path === '/json-api') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"hello":"world"}');
  }
  if (path === '/huge') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ jsonrpc: '2.0', id: 0, result: { padding: 'x'.repeat(1024 * 1024 + 10) } }));
  }
  if (path === '/moved') {
    res.writeHead(307, { location: '/mcp' });
    return res.end();
  }
  mcpRequests += 1;
  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    return res.end('{"error":"invalid_token"}');
  }
  const sessionId = req.headers['mcp-session-id'];
  const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  void (async () => {
    let transport = existing;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, created);
          sessionsOpened.push(id);
        },
        onsessionclosed: (id) => {
          sessions.delete(id);
          sessionsEnded.push(id);
        },
      });
      await weatherServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  })();
});

/** The answer model calls the one tool it is offered, then answers with the tool's result. */
const model = await startToolModel((body) => {
  const question = JSON.stringify(body.messages.find((m) => m.role === 'user')?.content ?? '');
  const toolResults = body.messages.filter((m) => m.role === 'tool');
  const offered = (body.tools ?? []).map((t) => t.function.name);
  if (offered.length > 0 && body.tool_choice !== 'none' && toolResults.length === 0) {
    return { call: { name: offered[0]!, arguments: question.includes('badargs') ? { city: 42 } : { city: 'Paris' }, id: 'call_1' } };
  }
  const last = toolResults.at(-1);
  return { text: last ? `Result: ${contentText(last.content)}` : 'No tool was used.' };
});

/** A port nothing listens on: a server that cannot be reached. */
const closed: Server = createServer();
await Promise.all([mcpHttp, closed].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
const mcpPort = (mcpHttp.address() as AddressInfo).port;
const mcpBase = `http://127.0.0.1:${mcpPort}`;
const mcpUrl = `${mcpBase}/mcp`;
const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
await new Promise<void>((resolve) => closed.close(() => resolve()));
const baseURL = model.baseURL;
afterAll(async () => {
  mcpHttp.closeAllConnections();
  await Promise.all([new Promise<void>((resolve) => mcpHttp.close(() => resolve())), model.close()]);
});

async function ownerWithBot(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/chatbots',
    headers,
    payload: { name: 'Weather bot', modelProvider: 'openai-compatible', modelName: 'local-model' },
  });
  return { headers, bot: created.json() as { id: string } };
}

const discover = (c: TestContext, botId: string, headers: Record<string, string>, payload: object) =>
  c.app.inject({ method: 'POST', url: `/api/chatbots/${botId}/actions/mcp-tools`, headers, payload });

/** The owner's flow: list the server's tools, then add one as an action with its input schema as the parameters. */
async function addMcpAction(c: TestContext, tool: string, authToken: string = TOKEN) {
  const { headers, bot } = await ownerWithBot(c);
  const listed = (await discover(c, bot.id, headers, { url: mcpUrl, authToken: TOKEN })).json() as McpToolList;
  const found = listed.tools.find((t) => t.name === tool)!;
  const created = await c.app.inject({
    method: 'POST',
    url: `/api/chatbots/${bot.id}/actions`,
    headers,
    payload: { kind: 'mcp', name: found.suggestedName, description: found.description, url: mcpUrl, mcpTool: tool, authToken, parameters: found.inputSchema },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { headers, bot, action: created.json() as { id: string; name: string } & Record<string, unknown> };
}

async function ask(c: TestContext, botId: string, headers: Record<string, string>, message: string) {
  const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${botId}/test-chat`, headers, payload: { message } });
  const events = response.body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
  const text = events
    .filter((e) => e.type === 'delta')
    .map((e) => (e as { text: string }).text)
    .join('');
  const meta = events.find((e) => e.type === 'meta') as { conversationId: string; messageId: string };
  return { text, meta };
}

const callsOf = (c: TestContext, messageId: string) => c.database.db.select().from(messageActionCalls).where(eq(messageActionCalls.messageId, messageId));

describeEachDatabase(
  'MCP servers as a source of actions',
  (ctx) => {
    it('lists the server’s tools with the bearer token, ends the session, and never answers the token', async () => {
      const c = ctx();
      const { headers, bot } = await ownerWithBot(c);
      const ended = sessionsEnded.length;
      const response = await discover(c, bot.id, headers, { url: mcpUrl, authToken: TOKEN });
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json() as McpToolList;
      expect(list.server).toEqual({ name: 'weather-test', version: '2.1.0' });
      expect(list.tools.map((t) => [t.name, t.suggestedName])).toEqual([
        ['get_weather', 'get_weather'],
        ['Report-Outage', 'report_outage'],
        ['slow_lookup', 'slow_lookup'],
      ]);
      const weather = list.tools[0]!;
      expect(weather.description).toBe('The weather in a city today.');
      // The tool's schema as Parley checks parameters: an object schema, without a $schema of another draft.
      expect(weather.inputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string', description: 'The city, like Paris' } },
        required: ['city'],
      });
      expect(weather.inputSchema).not.toHaveProperty('$schema');
      expect(response.body).not.toContain(TOKEN);
      // One session for the look-up, ended with a DELETE.
      expect(sessionsEnded.length).toBe(ended + 1);
      expect(sessionsEnded.at(-1)).toBe(sessionsOpened.at(-1));
    });

    it('answers 400 naming what went wrong: a wrong or missing token, an address that is not an MCP server, a redirect, no server, an answer too long', async () => {
      const c = ctx();
      const { headers, bot } = await ownerWithBot(c);
      const cases: [object, string][] = [
        [{ url: mcpUrl, authToken: 'wrong-token' }, 'The MCP server did not accept the bearer credential (HTTP 401). Check it and try again.'],
        [{ url: mcpUrl }, 'The MCP server requires authorization (HTTP 401). Add the bearer credential it gave you.'],
        [
          { url: `${mcpBase}/not-mcp`, authToken: TOKEN },
          'The address does not answer as an MCP server (HTTP 404). Check the URL of its Streamable HTTP endpoint.',
        ],
        [{ url: `${mcpBase}/json-api`, authToken: TOKEN }, 'The address does not answer as an MCP server (its answer is not MCP’s JSON-RPC).'],
        [{ url: `${mcpBase}/moved`, authToken: TOKEN }, 'The MCP server answered with a redirect (HTTP 307), which is not followed.'],
        [{ url: closedUrl, authToken: TOKEN }, 'The MCP server could not be reached: the connection was refused.'],
        [{ url: `${mcpBase}/huge`, authToken: TOKEN }, 'The MCP server’s answer was longer than 1 MiB.'],
      ];
      for (const [payload, message] of cases) {
        const response = await discover(c, bot.id, headers, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(message);
        expect(response.body).not.toContain(TOKEN);
      }
    });

    it('refuses look-ups past the per-minute limit before connecting anywhere', async () => {
      const c = ctx();
      const { headers, bot } = await ownerWithBot(c);
      for (let i = 0; i < CHATBOT_ACTION_TESTS_PER_MINUTE; i += 1) expect((await discover(c, bot.id, headers, { url: closedUrl })).statusCode).toBe(400);
      const before = mcpRequests;
      const limited = await discover(c, bot.id, headers, { url: mcpUrl, authToken: TOKEN });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(CHATBOT_ACTION_MESSAGES.tooManyMcpLookups);
      expect(mcpRequests).toBe(before);
    });

    it('saves an MCP action with its token sealed; refuses one without a tool, or with a webhook’s headers or secret', async () => {
      const c = ctx();
      const { headers, bot, action } = await addMcpAction(c, 'get_weather');
      expect(action).toMatchObject({ kind: 'mcp', name: 'get_weather', url: mcpUrl, mcpTool: 'get_weather', hasAuthToken: true, hasSigningSecret: false });
      expect(JSON.stringify(action)).not.toContain(TOKEN);
      const [row] = await c.database.db.select().from(chatbotActions).where(eq(chatbotActions.id, action.id));
      expect(row!.authTokenEncrypted).toMatch(/^v1\./);
      expect(row!.authTokenEncrypted).not.toContain(TOKEN);

      const base = { kind: 'mcp', name: 'other', description: 'Another tool.', url: mcpUrl };
      const cases: [object, string][] = [
        [base, CHATBOT_ACTION_MESSAGES.mcpToolRequired],
        [{ ...base, mcpTool: 'get_weather', headers: { 'X-Key': 'abc' } }, CHATBOT_ACTION_MESSAGES.mcpWebhookFields],
        [{ ...base, mcpTool: 'get_weather', signingSecret: `whsec_${'A'.repeat(32)}` }, CHATBOT_ACTION_MESSAGES.mcpWebhookFields],
      ];
      for (const [payload, message] of cases) {
        const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const changed = await c.app.inject({
        method: 'PATCH',
        url: `/api/chatbots/${bot.id}/actions/${action.id}`,
        headers,
        payload: { headers: { 'X-Key': 'abc' } },
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().message).toBe(CHATBOT_ACTION_MESSAGES.mcpWebhookFields);
      expect(await c.database.db.select().from(chatbotActions).where(eq(chatbotActions.chatbotId, bot.id))).toHaveLength(1);
    });

    it('lets the model call the MCP tool at answer time: the server gets the arguments, the answer uses the result, the call is recorded', async () => {
      const c = ctx();
      const { headers, bot, action } = await addMcpAction(c, 'get_weather');
      const before = toolCalls.length;
      const ended = sessionsEnded.length;
      const { text, meta } = await ask(c, bot.id, headers, 'What is the weather in Paris?');
      expect(toolCalls.slice(before)).toEqual([{ tool: 'get_weather', arguments: { city: 'Paris' } }]);
      expect(text).toBe('Result: {"text":"Sunny in Paris, 21 °C","structuredContent":{"city":"Paris","temperatureC":21}}');
      expect(sessionsEnded.length).toBe(ended + 1);
      const [call, ...more] = await callsOf(c, meta.messageId);
      expect(more).toEqual([]);
      expect(call).toMatchObject({
        actionId: action.id,
        actionName: 'get_weather',
        arguments: { city: 'Paris' },
        resultExcerpt: 'Sunny in Paris, 21 °C',
        error: null,
        httpStatus: 200,
      });
    });

    it('gives the model an error in Parley’s words when the tool reports one, and keeps the tool’s text for the owner only', async () => {
      const c = ctx();
      const { headers, bot } = await addMcpAction(c, 'Report-Outage');
      const before = toolCalls.length;
      const { text, meta } = await ask(c, bot.id, headers, 'Report an outage in Paris');
      expect(toolCalls.slice(before)).toEqual([{ tool: 'Report-Outage', arguments: { city: 'Paris' } }]);
      expect(text).toBe('Result: {"error":"The MCP server’s tool Report-Outage reported an error."}');
      expect(text).not.toContain('exploded');
      const [call] = await callsOf(c, meta.messageId);
      expect(call).toMatchObject({ error: 'The MCP server’s tool Report-Outage reported an error.', httpStatus: 200 });
      expect(call!.resultExcerpt).toContain('upstream database exploded');
    });

    it('sends nothing when the model’s arguments do not match the tool’s schema', async () => {
      const c = ctx();
      const { headers, bot } = await addMcpAction(c, 'get_weather');
      const before = toolCalls.length;
      const requests = mcpRequests;
      const { text, meta } = await ask(c, bot.id, headers, 'badargs: the weather?');
      expect(toolCalls.length).toBe(before);
      expect(mcpRequests).toBe(requests);
      expect(text).toContain('city must be string');
      const [call] = await callsOf(c, meta.messageId);
      expect(call).toMatchObject({
        error: 'The arguments do not match the action’s parameters: argument city must be string. Nothing was sent.',
        httpStatus: null,
      });
    });

    it('tells the model clearly when the server does not answer in time or refuses the token, without the token', async () => {
      const c = ctx();
      const slow = await addMcpAction(c, 'slow_lookup');
      const timedOut = await ask(c, slow.bot.id, slow.headers, 'Look up Paris');
      expect(timedOut.text).toBe('Result: {"error":"The MCP server could not be reached: no answer within 2 s."}');
      const [slowCall] = await callsOf(c, timedOut.meta.messageId);
      expect(slowCall).toMatchObject({ error: 'The MCP server could not be reached: no answer within 2 s.', httpStatus: null });
      expect(slowCall!.durationMs).toBeGreaterThanOrEqual(1400);

      const refused = await addMcpAction(c, 'get_weather', 'an-expired-token');
      const before = toolCalls.length;
      const answer = await ask(c, refused.bot.id, refused.headers, 'What is the weather in Paris?');
      expect(toolCalls.length).toBe(before);
      expect(answer.text).toBe('Result: {"error":"The MCP server did not accept the bearer credential (HTTP 401). Check it and try again."}');
      expect(answer.text).not.toContain('an-expired-token');
      const [refusedCall] = await callsOf(c, answer.meta.messageId);
      expect(refusedCall).toMatchObject({ httpStatus: 401, error: 'The MCP server did not accept the bearer credential (HTTP 401). Check it and try again.' });
    });

    it('tests an MCP action from the builder: the tool is called with the sample arguments and its result reported', async () => {
      const c = ctx();
      const { headers, bot, action } = await addMcpAction(c, 'get_weather');
      const before = toolCalls.length;
      const tested = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${action.id}/test`,
        headers,
        payload: { arguments: { city: 'Lyon' } },
      });
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json()).toMatchObject({ success: true, status: 200, responseExcerpt: 'Sunny in Lyon, 21 °C' });
      expect(toolCalls.slice(before)).toEqual([{ tool: 'get_weather', arguments: { city: 'Lyon' } }]);

      const mismatch = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${action.id}/test`,
        headers,
        payload: { arguments: { city: 7 } },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(toolCalls.length).toBe(before + 1);

      const failing = await addMcpAction(c, 'Report-Outage');
      const failed = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${failing.bot.id}/actions/${failing.action.id}/test`,
        headers: failing.headers,
        payload: { arguments: { city: 'Lyon' } },
      });
      expect(failed.json()).toMatchObject({ success: false, status: 200 });
      expect(failed.json().responseExcerpt).toContain('upstream database exploded');

      // A tool the server no longer has: the server says so, and the owner sees it.
      const gone = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions`,
        headers,
        payload: { kind: 'mcp', name: 'vanished', description: 'A tool since removed.', url: mcpUrl, mcpTool: 'vanished', authToken: TOKEN },
      });
      const goneTest = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${(gone.json() as { id: string }).id}/test`,
        headers,
        payload: { arguments: {} },
      });
      expect(goneTest.json()).toMatchObject({ success: false, status: 200, responseExcerpt: 'MCP error -32602: Tool vanished not found' });
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: baseURL, ALLOW_PRIVATE_FETCH: 'true', FETCH_TIMEOUT_MS: '1500' },
);

describeEachDatabase('MCP servers as a source of actions: private addresses', (ctx) => {
  it('refuses a server on a private or local address with a clear 400, and sends it nothing', async () => {
    const c = ctx();
    const { headers, bot } = await ownerWithBot(c);
    const before = mcpRequests;
    for (const url of [mcpUrl, `http://localhost:${mcpPort}/mcp`, 'http://10.1.2.3/mcp']) {
      const listed = await discover(c, bot.id, headers, { url, authToken: TOKEN });
      expect(listed.statusCode, url).toBe(400);
      expect(listed.json().message).toBe(CHATBOT_ACTION_MESSAGES.privateAddress);
      const created = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions`,
        headers,
        payload: { kind: 'mcp', name: 'get_weather', description: 'The weather.', url, mcpTool: 'get_weather' },
      });
      expect(created.statusCode, url).toBe(400);
      expect(created.json().message).toBe(CHATBOT_ACTION_MESSAGES.privateAddress);
    }
    expect(mcpRequests).toBe(before);
  });
});

describe('the MCP client’s SSRF guard', () => {
  /** A host name resolving to the local MCP server: only the guard at connection time can tell. */
  const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
  const namedUrl = `http://mcp.example.test:${mcpPort}/mcp`;
  const secretKey = testConfig().secretKey;
  const action = {
    kind: 'mcp',
    name: 'get_weather',
    url: namedUrl,
    mcpTool: 'get_weather',
    authTokenEncrypted: actionTokenBox(secretKey).encrypt(TOKEN),
  } as ChatbotActionRow;

  it('refuses a host name that resolves to a private address, for the look-up and the call, and sends nothing', async () => {
    const before = mcpRequests;
    const refused = await listMcpTools(namedUrl, TOKEN, { allowPrivateNetworks: false, resolveHost, timeoutMs: 2000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpSourceError);
    expect((refused as Error).message).toBe('The MCP server’s address is on a private or local network, which actions cannot call.');
    const outcome = await callMcpTool(action, { city: 'Paris' }, { secretKey, allowPrivateNetworks: false, resolveHost, timeoutMs: 2000 });
    expect(outcome).toMatchObject({ ok: false, status: null, error: 'The MCP server’s address is on a private or local network, which actions cannot call.' });
    expect(mcpRequests).toBe(before);
  });

  it('reaches the same server by that name when private networks are allowed (the name is resolved by the guard’s lookup)', async () => {
    const list = await listMcpTools(namedUrl, TOKEN, { allowPrivateNetworks: true, resolveHost, timeoutMs: 2000 });
    expect(list.tools.map((t) => t.name)).toContain('get_weather');
    const outcome = await callMcpTool(action, { city: 'Oslo' }, { secretKey, allowPrivateNetworks: true, resolveHost, timeoutMs: 2000 });
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null, excerpt: 'Sunny in Oslo, 21 °C' });
  });
});
