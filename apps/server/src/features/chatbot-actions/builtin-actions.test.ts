import {
  BUILTIN_ACTION_MESSAGES,
  CHATBOT_ACTION_MESSAGES,
  CONTACT_ACTION_PARAMETERS,
  HANDOFF_ACTION_PARAMETERS,
} from '@parley/shared/contracts/chatbot-actions';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { HANDOFF_TEXT, type HandoffDetail, type HandoffListResponse } from '@parley/shared/contracts/handoffs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { conversations, handoffs, messageActionCalls, n8nRequests, n8nWebhookEndpoints } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { startToolModel } from '../../test/tool-model';
import { startFakeN8n } from '../n8n/__fixtures__/fake-n8n';
import { configureN8n } from '../n8n/__fixtures__/setup';
import { HANDOFF_NOT_AVAILABLE } from './builtin-actions';
import { ORDER_SCHEMA } from './test-fixtures';

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';

/**
 * The answer model uses tools: the visitor's last question names the tool and its arguments
 * (`TOOL=save_contact ARGS={"email":"…"}`); asked with that tool offered and no result yet since the question, it calls
 * it; given the result, it answers "Result: <the result>".
 */
const model = await startToolModel((body) => {
  const lastQuestion = body.messages.findLastIndex((m) => m.role === 'user');
  const question = textOf(body.messages[lastQuestion]?.content);
  const results = body.messages.slice(lastQuestion + 1).filter((m) => m.role === 'tool');
  const tool = /TOOL=(\w+)/.exec(question)?.[1];
  const args = /ARGS=(\{.*\})/.exec(question)?.[1] ?? '{}';
  const offered = (body.tools ?? []).some((t) => t.function.name === tool) && body.tool_choice !== 'none';
  if (tool && offered && results.length === 0) return { call: { name: tool, arguments: args, id: 'call_1' } };
  const last = results.at(-1);
  return { text: last ? `Result: ${textOf(last.content)}` : 'No tool was used.' };
});
const baseURL = model.baseURL;
const n8n = await startFakeN8n();
afterAll(async () => {
  await n8n.close();
  await model.close();
});
beforeEach(() => n8n.reset());

const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);

function turnOf(body: string) {
  const events = eventsOf(body);
  const text = events
    .filter((e) => e.type === 'delta')
    .map((e) => (e as { text: string }).text)
    .join('');
  const meta = events.find((e) => e.type === 'meta') as { conversationId: string; messageId: string };
  return { events, text, meta };
}

/** An owner with a live chatbot answered by the local model, handoff to a person on. */
async function liveBot(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (
    await c.app.inject({
      method: 'POST',
      url: '/api/chatbots',
      headers,
      payload: { name: 'Shop bot', modelProvider: 'openai-compatible', modelName: 'local-model' },
    })
  ).json() as { id: string };
  const live = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { status: 'live', handoffEnabled: true } });
  expect(live.statusCode, live.body).toBe(200);
  return { bot, headers };
}

async function addAction(c: TestContext, botId: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  const created = await c.app.inject({ method: 'POST', url: `/api/chatbots/${botId}/actions`, headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; parameters: Record<string, unknown> };
}

const HANDOFF = { name: 'talk_to_person', description: 'Hands the conversation to a person from the team.', kind: 'handoff' };
const CONTACT = { name: 'save_contact', description: 'Keeps the visitor’s contact details for the team.', kind: 'contact' };

/** The visitor asks in the website widget. */
async function visitorAsks(c: TestContext, botId: string, visitorId: string, message: string, conversationId?: string) {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${botId}/messages`,
    payload: { message, visitorId, ...(conversationId ? { conversationId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return turnOf(response.body);
}

async function ownerAsks(c: TestContext, botId: string, headers: Record<string, string>, message: string) {
  const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${botId}/test-chat`, headers, payload: { message } });
  return turnOf(response.body);
}

const callsOf = (c: TestContext, messageId: string) => c.database.db.select().from(messageActionCalls).where(eq(messageActionCalls.messageId, messageId));
const contactOf = async (c: TestContext, conversationId: string) => {
  const [row] = await c.database.db
    .select({ name: conversations.contactName, email: conversations.contactEmail, phone: conversations.contactPhone, at: conversations.contactCollectedAt })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row;
};

async function inboxDetail(c: TestContext, headers: Record<string, string>, conversationId: string) {
  const open = (await c.app.inject({ method: 'GET', url: '/api/handoffs?status=open', headers })).json() as HandoffListResponse;
  const item = open.items.find((h) => h.conversationId === conversationId);
  if (!item) return null;
  return (await c.app.inject({ method: 'GET', url: `/api/handoffs/${item.id}`, headers })).json() as HandoffDetail;
}

describeEachDatabase(
  'built-in actions at answer time: a person, the visitor’s contact details',
  (ctx) => {
    it('hands the conversation to a person when the model calls the handoff action: the inbox lists it and the answer says so', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      const action = await addAction(c, bot.id, headers, HANDOFF);
      const { events, text, meta } = await visitorAsks(c, bot.id, 'visitor_handoff_1', 'TOOL=talk_to_person ARGS={"reason":"Wants a refund"} I need help');

      expect(text).toContain('A person has been asked to join the conversation');
      // After the answer, the widget is told to follow the conversation: a person is on the way.
      expect(events.map((e) => e.type).slice(-2)).toEqual(['done', 'handoff']);
      expect(events.at(-1)).toEqual({ type: 'handoff', mode: 'waiting', text: '' });

      const detail = await inboxDetail(c, headers, meta.conversationId);
      expect(detail?.handoff).toMatchObject({ status: 'waiting', chatbotId: bot.id, unreadCount: 1 });
      // The whole conversation: the question, the model's answer, and the waiting line the visitor sees.
      expect(detail!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'system']);
      expect(detail!.messages[1]!.content).toBe(text);
      expect(detail!.messages[2]!.content).toBe(HANDOFF_TEXT.waiting);
      expect(detail!.actionCalls).toEqual([
        expect.objectContaining({ actionId: action.id, actionName: 'talk_to_person', arguments: { reason: 'Wants a refund' }, error: null }),
      ]);
      expect(detail!.contact).toBeNull();

      const state = await c.app.inject({
        method: 'GET',
        url: `/api/public/chatbots/${bot.id}/conversations/${meta.conversationId}?visitorId=visitor_handoff_1`,
      });
      expect(state.json().state.mode).toBe('waiting');
      // The visitor's next message goes to the team, not to the bot.
      const next = await visitorAsks(c, bot.id, 'visitor_handoff_1', 'Are you there?', meta.conversationId);
      expect(next.events.find((e) => e.type === 'handoff')).toMatchObject({ mode: 'waiting' });
    });

    it('answers an error result, and hands nothing over, when the chatbot’s handoff is off or the chat is not the widget', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      await addAction(c, bot.id, headers, HANDOFF);

      // The owner's test chat has no visitor to hand over.
      const tested = await ownerAsks(c, bot.id, headers, 'TOOL=talk_to_person I need a human');
      expect(tested.text).toContain('A person can join only a visitor’s conversation in the website chat widget');

      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { handoffEnabled: false } });
      const { text, meta, events } = await visitorAsks(c, bot.id, 'visitor_handoff_2', 'TOOL=talk_to_person I need a human');
      expect(text).toBe(`Result: ${JSON.stringify({ error: HANDOFF_NOT_AVAILABLE })}`);
      expect(HANDOFF_NOT_AVAILABLE).toBe('Handoff to a person is not available for this chatbot.');
      expect(events.some((e) => e.type === 'handoff')).toBe(false);
      const [call] = await callsOf(c, meta.messageId);
      expect(call).toMatchObject({ actionName: 'talk_to_person', error: HANDOFF_NOT_AVAILABLE, httpStatus: null });
      expect(await c.database.db.select().from(handoffs).where(eq(handoffs.chatbotId, bot.id))).toEqual([]);
    });

    it('keeps the visitor’s contact details with the conversation: the inbox shows them, the widget never does', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      await addAction(c, bot.id, headers, CONTACT);
      await addAction(c, bot.id, headers, HANDOFF);
      const visitorId = 'visitor_contact_1';
      const first = await visitorAsks(
        c,
        bot.id,
        visitorId,
        'TOOL=save_contact ARGS={"name":" Ana  Silva ","email":"Ana@Example.com","phone":"+44 20 7946 0958"} call me back',
      );
      expect(first.text).toContain('saved with the conversation');
      expect(first.text).not.toContain('Ana@Example.com');
      const stored = await contactOf(c, first.meta.conversationId);
      expect(stored).toMatchObject({ name: 'Ana Silva', email: 'ana@example.com', phone: '+44 20 7946 0958' });
      expect(stored!.at).toBeInstanceOf(Date);

      // Given again with only a new phone number: the name and e-mail address stay.
      await visitorAsks(c, bot.id, visitorId, 'TOOL=save_contact ARGS={"phone":"+1 415 555 0100"} my other number', first.meta.conversationId);
      expect(await contactOf(c, first.meta.conversationId)).toMatchObject({ name: 'Ana Silva', email: 'ana@example.com', phone: '+1 415 555 0100' });

      await visitorAsks(c, bot.id, visitorId, 'TOOL=talk_to_person please', first.meta.conversationId);
      const detail = await inboxDetail(c, headers, first.meta.conversationId);
      expect(detail?.contact).toEqual({
        name: 'Ana Silva',
        email: 'ana@example.com',
        phone: '+1 415 555 0100',
        collectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(detail!.actionCalls!.map((call) => call.actionName)).toEqual(['save_contact', 'save_contact', 'talk_to_person']);

      const visitorView = await c.app.inject({
        method: 'GET',
        url: `/api/public/chatbots/${bot.id}/conversations/${first.meta.conversationId}?visitorId=${visitorId}`,
      });
      expect(visitorView.statusCode).toBe(200);
      // The visitor's own messages, and nothing of what the conversation keeps: no contact field, no stored details.
      const view = visitorView.json() as { state: Record<string, unknown>; messages: { content: string }[] };
      expect(Object.keys(view).sort()).toEqual(['messages', 'state']);
      expect(Object.keys(view.state).sort()).toEqual(['agentName', 'conversationId', 'mode']);
      expect(visitorView.body).not.toContain('ana@example.com');
      expect(visitorView.body).not.toContain('collectedAt');
    });

    it('stores nothing, and tells the model why, when the details are not valid', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      await addAction(c, bot.id, headers, CONTACT);
      const bad = await visitorAsks(c, bot.id, 'visitor_contact_2', 'TOOL=save_contact ARGS={"name":"Ana","email":"ana-at-example"} here');
      expect(bad.text).toContain('email is not a valid e-mail address');
      const [call] = await callsOf(c, bad.meta.messageId);
      expect(call!.error).toBe('email is not a valid e-mail address. Ask the visitor for it again. Nothing was stored.');
      expect(await contactOf(c, bad.meta.conversationId)).toEqual({ name: null, email: null, phone: null, at: null });

      const nameOnly = await visitorAsks(c, bot.id, 'visitor_contact_3', 'TOOL=save_contact ARGS={"name":"Ana"} here');
      expect(nameOnly.text).toContain('at least one is needed');
      const badPhone = await visitorAsks(c, bot.id, 'visitor_contact_4', 'TOOL=save_contact ARGS={"phone":"call me maybe"} here');
      expect(badPhone.text).toContain('phone is not a valid phone number');
      for (const turn of [nameOnly, badPhone]) expect((await contactOf(c, turn.meta.conversationId))!.at).toBeNull();
    });

    it('saves handoff and contact actions with the server’s parameters, one of each per chatbot, without an address', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      const handoff = await addAction(c, bot.id, headers, { ...HANDOFF, parameters: ORDER_SCHEMA });
      expect(handoff.parameters).toEqual(HANDOFF_ACTION_PARAMETERS);
      const contact = await addAction(c, bot.id, headers, CONTACT);
      expect(contact.parameters).toEqual(CONTACT_ACTION_PARAMETERS);

      const again = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: { ...HANDOFF, name: 'another_person' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(BUILTIN_ACTION_MESSAGES.onlyOne('handoff'));
      const secondContact = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions`,
        headers,
        payload: { ...CONTACT, name: 'contact_two' },
      });
      expect(secondContact.statusCode).toBe(409);

      for (const extra of [{ url: 'https://example.com/hook' }, { headers: { 'X-Shop': 'acme' } }, { mcpTool: 'lookup' }]) {
        const refused = await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/actions`,
          headers,
          payload: { ...CONTACT, name: 'with_extra', ...extra },
        });
        expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
        expect(refused.json().message).toBe(BUILTIN_ACTION_MESSAGES.noAddress);
      }
      const webhookWithEndpoint = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions`,
        headers,
        payload: { name: 'order_status', description: 'Looks up an order.', url: 'https://example.com/hook', n8nEndpointId: bot.id },
      });
      expect(webhookWithEndpoint.json().message).toBe(BUILTIN_ACTION_MESSAGES.n8nEndpointOnlyForN8n);

      // A change keeps the fixed parameters and refuses an address.
      const changed = await c.app.inject({
        method: 'PATCH',
        url: `/api/chatbots/${bot.id}/actions/${handoff.id}`,
        headers,
        payload: { description: 'Asks a person to join.', parameters: ORDER_SCHEMA },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ description: 'Asks a person to join.', parameters: HANDOFF_ACTION_PARAMETERS, url: null });
      const withUrl = await c.app.inject({
        method: 'PATCH',
        url: `/api/chatbots/${bot.id}/actions/${handoff.id}`,
        headers,
        payload: { url: 'https://example.com/x' },
      });
      expect(withUrl.statusCode).toBe(400);
      expect(withUrl.json().message).toBe(BUILTIN_ACTION_MESSAGES.noAddress);
    });

    it('tests a handoff or contact action from the builder by checking it, changing nothing', async () => {
      const c = ctx();
      const { bot, headers } = await liveBot(c);
      const handoff = await addAction(c, bot.id, headers, HANDOFF);
      const contact = await addAction(c, bot.id, headers, CONTACT);
      const test = (actionId: string, args: Record<string, unknown>) =>
        c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions/${actionId}/test`, headers, payload: { arguments: args } });

      const handoffTest = await test(handoff.id, { reason: 'A refund' });
      expect(handoffTest.json()).toMatchObject({ success: true, status: 0, statusText: expect.stringContaining('Checked only') });
      const contactTest = await test(contact.id, { email: 'ana@example.com' });
      expect(contactTest.json()).toMatchObject({ success: true, statusText: 'Checked only: the details are valid. A test stores nothing.' });
      const badContact = await test(contact.id, { email: 'nope' });
      expect(badContact.json()).toMatchObject({ success: false, statusText: expect.stringContaining('email is not a valid e-mail address') });
      const wrongType = await test(contact.id, { email: 7 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe(CHATBOT_ACTION_MESSAGES.testArgumentsInvalid('argument email must be string'));
      expect(await c.database.db.select().from(handoffs).where(eq(handoffs.chatbotId, bot.id))).toEqual([]);

      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { handoffEnabled: false } });
      expect((await test(handoff.id, {})).json()).toMatchObject({ success: false, statusText: HANDOFF_NOT_AVAILABLE });
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: baseURL },
);

/** A workflow and its webhook endpoint, made by a developer on the n8n screens. */
async function n8nEndpoint(c: TestContext, cookie: string, endpoint: Record<string, unknown>) {
  const workflow = (await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie }, payload: { name: 'Orders flow' } })).json();
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/admin/n8n/webhooks',
    headers: { cookie },
    payload: { workflowId: workflow.id, ...endpoint },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

describeEachDatabase(
  'built-in actions: an n8n workflow through the n8n integration',
  (ctx) => {
    it('calls the n8n endpoint with the action’s payload and this installation’s bearer secret; n8n’s answer reaches the answer', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const endpointId = await n8nEndpoint(c, dev.cookie, { name: 'Orders', endpointPath: '/orders' });
      n8n.routes.set('POST /webhook/orders', () => ({ body: { status: 'shipped', eta: 'Friday' } }));
      const { bot, headers } = await liveBot(c);
      const action = await addAction(c, bot.id, headers, {
        name: 'order_status',
        description: 'Looks up an order in the shop’s n8n workflow.',
        kind: 'n8n',
        n8nEndpointId: endpointId,
        parameters: ORDER_SCHEMA,
      });
      expect(action).toMatchObject({ kind: 'n8n', url: null, n8nEndpointId: endpointId, parameters: ORDER_SCHEMA });

      const { text, meta } = await ownerAsks(c, bot.id, headers, 'TOOL=order_status ARGS={"order_id":"A-123"} where is my order?');
      expect(text).toBe('Result: {"status":"shipped","eta":"Friday"}');
      expect(n8n.received).toHaveLength(1);
      const [request] = n8n.received;
      expect(request).toMatchObject({ method: 'POST', path: '/webhook/orders' });
      expect(request!.headers.authorization).toMatch(/^Bearer prly_n8n_/);
      expect(JSON.parse(request!.body)).toEqual({
        action: 'order_status',
        arguments: { order_id: 'A-123' },
        chatbot_id: bot.id,
        conversation_id: meta.conversationId,
      });
      const [call] = await callsOf(c, meta.messageId);
      expect(call).toMatchObject({ actionName: 'order_status', httpStatus: 200, error: null, resultExcerpt: '{"status":"shipped","eta":"Friday"}' });
      // Counted on Monitoring like every request to n8n.
      const [record] = await c.database.db.select().from(n8nRequests).where(eq(n8nRequests.endpointId, endpointId));
      expect(record).toMatchObject({ kind: 'action', status: 'success', httpStatus: 200 });
      const [endpointRow] = await c.database.db.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, endpointId));
      expect(endpointRow!.requestCount).toBe(1);

      // The builder's test calls n8n too, marked as a test.
      const tested = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${action.id}/test`,
        headers,
        payload: { arguments: { order_id: 'A-1' } },
      });
      expect(tested.json()).toMatchObject({ success: true, status: 200, responseExcerpt: '{"status":"shipped","eta":"Friday"}' });
      expect(JSON.parse(n8n.received[1]!.body)).toMatchObject({ arguments: { order_id: 'A-1' }, conversation_id: null, test: true });

      // n8n failing: an error in Parley's words, without n8n's body.
      n8n.routes.set('POST /webhook/orders', () => ({ status: 500, statusText: 'Internal Server Error', body: { message: 'node Postgres exploded' } }));
      const failed = await ownerAsks(c, bot.id, headers, 'TOOL=order_status ARGS={"order_id":"A-123"} again');
      expect(failed.text).toBe('Result: {"error":"The n8n workflow answered HTTP 500 Internal Server Error."}');

      // Turned off on the n8n screens: an error result, and nothing is sent.
      await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/webhooks/${endpointId}`, headers: { cookie: dev.cookie }, payload: { isActive: false } });
      const before = n8n.received.length;
      const off = await ownerAsks(c, bot.id, headers, 'TOOL=order_status ARGS={"order_id":"A-123"} and now?');
      expect(off.text).toBe('Result: {"error":"The n8n webhook endpoint this action calls is turned off. Nothing was sent."}');
      expect(n8n.received.length).toBe(before);
      const [offCall] = await callsOf(c, off.meta.messageId);
      expect(offCall!.error).toBe('The n8n webhook endpoint this action calls is turned off. Nothing was sent.');

      // Deleted: the action stays, unable to run until another endpoint is chosen.
      const deleted = await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/webhooks/${endpointId}`, headers: { cookie: dev.cookie } });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const gone = await ownerAsks(c, bot.id, headers, 'TOOL=order_status ARGS={"order_id":"A-123"} and now?');
      expect(gone.text).toBe('Result: {"error":"The n8n webhook endpoint this action called was deleted. Nothing was sent."}');
      expect(n8n.received.length).toBe(before);
    });

    it('saves an n8n action only with an active endpoint that takes a body, and lists those endpoints without n8n’s address', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const active = await n8nEndpoint(c, dev.cookie, { name: 'Orders', endpointPath: '/orders-secret-path' });
      const inactive = await n8nEndpoint(c, dev.cookie, { name: 'Old orders', endpointPath: '/old', isActive: false });
      const getOnly = await n8nEndpoint(c, dev.cookie, { name: 'Status', endpointPath: '/status', method: 'GET' });
      const { bot, headers } = await liveBot(c);
      const create = (n8nEndpointId?: string) =>
        c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/actions`,
          headers,
          payload: { name: 'run_flow', description: 'Runs the flow.', kind: 'n8n', ...(n8nEndpointId ? { n8nEndpointId } : {}) },
        });

      expect((await create()).json().message).toContain(CHATBOT_ACTION_MESSAGES.n8nEndpointRequired);
      for (const [id, message] of [
        [inactive, BUILTIN_ACTION_MESSAGES.n8nEndpointUnavailable],
        [bot.id, BUILTIN_ACTION_MESSAGES.n8nEndpointUnavailable],
        [getOnly, BUILTIN_ACTION_MESSAGES.n8nEndpointGet],
      ] as const) {
        const refused = await create(id);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(message);
      }
      const created = await create(active);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().parameters).toEqual({ type: 'object', properties: {} });
      const switched = await c.app.inject({
        method: 'PATCH',
        url: `/api/chatbots/${bot.id}/actions/${created.json().id}`,
        headers,
        payload: { n8nEndpointId: inactive },
      });
      expect(switched.statusCode).toBe(400);

      const listed = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/n8n-endpoints`, headers });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toEqual({ items: [{ id: active, name: 'Orders', method: 'POST', workflowName: 'Orders flow' }] });
      expect(listed.body).not.toContain('orders-secret-path');
      expect(listed.body).not.toContain('127.0.0.1');

      // Another organization's chatbot is not found.
      const other = await createSignedInUser(c);
      const elsewhere = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/n8n-endpoints`, headers: { cookie: other.cookie } });
      expect(elsewhere.statusCode).toBe(404);
    });
  },
  // The n8n integration's own rule opens the private network to n8n (the local stand-in), and nothing else.
  { OPENAI_COMPATIBLE_BASE_URL: baseURL, N8N_ALLOW_PRIVATE_NETWORK: 'true' },
);
