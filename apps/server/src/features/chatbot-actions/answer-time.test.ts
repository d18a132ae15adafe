import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { messageActionCalls, messages, usageLedger } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { contentText, startToolModel } from '../../test/tool-model';
import { startSignedReceiver } from '../../test/webhook-receiver';
import { generateWebhookSecretForTest, ORDER_SCHEMA } from './test-fixtures';

const SECRET = generateWebhookSecretForTest();

/** The action's endpoint: `/slow` never answers (the call's deadline ends it), `/fail` fails, and the rest get the order. */
const receiver = await startSignedReceiver(SECRET);
receiver.answer((request) => {
  if (request.url === '/slow') return null;
  if (request.url === '/fail') return { status: 500, body: 'database exploded at /srv/app/orders.js:42' };
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'shipped', eta: 'Friday' }) };
});
/** What the receiver was sent, with whether the signature verified (the real standardwebhooks package). */
const received = receiver.deliveries;
const receiverUrl = receiver.url;

/**
 * The answer model uses tools: asked with tools and no tool result yet, it calls the first tool (with the arguments the
 * question names); given a tool's result, it answers with it. A question with "loop" makes it call the tool whenever it
 * is offered one.
 */
const model = await startToolModel((body) => {
  const question = JSON.stringify(body.messages.find((m) => m.role === 'user')?.content ?? '');
  const toolResults = body.messages.filter((m) => m.role === 'tool');
  const offered = (body.tools ?? []).map((t) => t.function.name);
  const mayCall = offered.length > 0 && body.tool_choice !== 'none';
  if (mayCall && (question.includes('loop') || toolResults.length === 0)) {
    const args = question.includes('badargs') ? { order_id: 42 } : { order_id: 'A-123', api_key: 'sk-live-abcdefghijkl' };
    return { call: { name: offered[0]!, arguments: args } };
  }
  const last = toolResults.at(-1);
  return { text: last ? `Result: ${contentText(last.content)}` : 'No tool was used.' };
});
/** Every request the model server received. */
const modelRequests = model.requests;
const baseURL = model.baseURL;
afterAll(() => Promise.all([receiver.close(), model.close()]));

async function botWithAction(c: TestContext, path: string, name = 'order_status') {
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
  const created = await c.app.inject({
    method: 'POST',
    url: `/api/chatbots/${bot.id}/actions`,
    headers,
    payload: { name, description: 'Looks up the status of an order by its id.', url: `${receiverUrl}${path}`, signingSecret: SECRET, parameters: ORDER_SCHEMA },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { bot, headers, action: created.json() as { id: string } };
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
  const done = events.find((e) => e.type === 'done') as { answered: boolean; tokens: number } | undefined;
  return { text, meta, done, events };
}

const callsOf = (c: TestContext, messageId: string) =>
  c.database.db.select().from(messageActionCalls).where(eq(messageActionCalls.messageId, messageId)).orderBy(messageActionCalls.createdAt);

describeEachDatabase(
  'chatbot actions at answer time',
  (ctx) => {
    it('lets the model call the action: a signed webhook, its result in the answer, the call recorded and the tokens metered', async () => {
      const c = ctx();
      const { bot, headers, action } = await botWithAction(c, '/ok');
      const before = received.length;
      const { text, meta, done } = await ask(c, bot.id, headers, 'Where is my order A-123?');

      expect(text).toBe('Result: {"status":"shipped","eta":"Friday"}');
      expect(done?.answered).toBe(true);
      const sent = received.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.verified).toBe(true);
      expect(sent[0]!.payload).toEqual({
        action: 'order_status',
        arguments: { order_id: 'A-123', api_key: 'sk-live-abcdefghijkl' },
        chatbot_id: bot.id,
        conversation_id: meta.conversationId,
      });
      // The model was offered the action as a tool with its schema, and given the result as the tool's.
      const first = modelRequests.at(-2)!;
      expect(first.tools?.map((t) => t.function.name)).toEqual(['order_status']);

      const [call, ...more] = await callsOf(c, meta.messageId);
      expect(more).toEqual([]);
      expect(call).toMatchObject({
        actionId: action.id,
        actionName: 'order_status',
        conversationId: meta.conversationId,
        chatbotId: bot.id,
        httpStatus: 200,
        error: null,
        resultExcerpt: '{"status":"shipped","eta":"Friday"}',
      });
      // A secret-looking argument is sent to the endpoint but not kept in the record.
      expect(call!.arguments).toEqual({ order_id: 'A-123', api_key: '••••••' });

      // Metered as every answer: the question's and the answer's tokens, on the ledger.
      const [answer] = await c.database.db.select().from(messages).where(eq(messages.id, meta.messageId));
      expect(answer!.tokens).toBeGreaterThan(0);
      expect(done!.tokens).toBeGreaterThan(answer!.tokens);
      const ledger = await c.database.db
        .select()
        .from(usageLedger)
        .where(and(eq(usageLedger.messageId, meta.messageId), eq(usageLedger.tokenType, 'output')));
      expect(ledger.map((row) => row.tokens)).toEqual([answer!.tokens]);
    });

    it('gives the model an error, and sends nothing, when its arguments do not match the schema', async () => {
      const c = ctx();
      const { bot, headers } = await botWithAction(c, '/ok');
      const before = received.length;
      const { text, meta } = await ask(c, bot.id, headers, 'badargs: where is my order?');
      expect(received.length).toBe(before);
      expect(text).toContain('order_id must be string');
      const [call] = await callsOf(c, meta.messageId);
      expect(call!.error).toBe('The arguments do not match the action’s parameters: argument order_id must be string. Nothing was sent.');
      expect(call!.httpStatus).toBeNull();
    });

    it('gives the model an error result when the endpoint answers 500 or not in time, without its body or a secret', async () => {
      const c = ctx();
      const failing = await botWithAction(c, '/fail');
      const failed = await ask(c, failing.bot.id, failing.headers, 'Where is my order?');
      expect(failed.text).toBe('Result: {"error":"The action’s endpoint answered HTTP 500 Internal Server Error."}');
      expect(failed.text).not.toContain('exploded');
      const [failedCall] = await callsOf(c, failed.meta.messageId);
      expect(failedCall).toMatchObject({ httpStatus: 500, error: 'The action’s endpoint answered HTTP 500 Internal Server Error.' });

      const slow = await botWithAction(c, '/slow');
      const timedOut = await ask(c, slow.bot.id, slow.headers, 'Where is my order?');
      expect(timedOut.text).toBe('Result: {"error":"The action’s endpoint could not be reached: no answer within 2 s."}');
      expect(timedOut.text).not.toContain(SECRET);
      const [slowCall] = await callsOf(c, timedOut.meta.messageId);
      expect(slowCall).toMatchObject({ httpStatus: null, error: 'The action’s endpoint could not be reached: no answer within 2 s.' });
      expect(slowCall!.durationMs).toBeGreaterThanOrEqual(1400);
    });

    it('stops a model that keeps calling tools at the tier’s calls per answer, and it answers', async () => {
      const c = ctx();
      const { bot, headers } = await botWithAction(c, '/ok');
      const before = received.length;
      const requestsBefore = modelRequests.length;
      const { text, meta } = await ask(c, bot.id, headers, 'loop: check my order again and again');
      // The free tier's default: 3 calls, then the model is offered no tool and answers.
      expect(received.length - before).toBe(3);
      expect(await callsOf(c, meta.messageId)).toHaveLength(3);
      const last = modelRequests.slice(requestsBefore).at(-1)!;
      expect(last.tools ?? []).toEqual([]);
      expect(text).toBe('Result: {"status":"shipped","eta":"Friday"}');
    });

    it('shows the calls in the organization’s inbox with the conversation, and never to the visitor', async () => {
      const c = ctx();
      const { bot, headers } = await botWithAction(c, '/ok');
      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { status: 'live', handoffEnabled: true } });
      const visitorId = 'visitor_actions_1';
      const asked = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        payload: { message: 'Where is my order A-123?', visitorId },
      });
      const meta = asked.body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent)
        .find((e) => e.type === 'meta') as { conversationId: string; messageId: string };
      const handoff = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/handoff`,
        payload: { visitorId, conversationId: meta.conversationId },
      });
      expect(handoff.statusCode, handoff.body).toBe(200);
      const [open] = (await c.app.inject({ method: 'GET', url: '/api/handoffs?status=open', headers })).json().items as { id: string }[];
      const detail = (await c.app.inject({ method: 'GET', url: `/api/handoffs/${open!.id}`, headers })).json() as { actionCalls: Record<string, unknown>[] };
      expect(detail.actionCalls).toHaveLength(1);
      expect(detail.actionCalls[0]).toMatchObject({
        messageId: meta.messageId,
        actionName: 'order_status',
        arguments: { order_id: 'A-123', api_key: '••••••' },
        httpStatus: 200,
        error: null,
      });
      const visitorView = await c.app.inject({
        method: 'GET',
        url: `/api/public/chatbots/${bot.id}/conversations/${meta.conversationId}?visitorId=${visitorId}`,
      });
      expect(visitorView.statusCode).toBe(200);
      expect(visitorView.body).not.toContain('order_status');
    });

    it('leaves the built-in answerer as it was: no action is offered or called', async () => {
      const c = ctx();
      const { bot, headers } = await botWithAction(c, '/ok');
      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { modelProvider: 'builtin', modelName: 'extractive' } });
      const before = received.length;
      const { meta } = await ask(c, bot.id, headers, 'Where is my order A-123?');
      expect(received.length).toBe(before);
      expect(await callsOf(c, meta.messageId)).toEqual([]);
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: baseURL, ALLOW_PRIVATE_FETCH: 'true', FETCH_TIMEOUT_MS: '1500' },
);

describeEachDatabase(
  'chatbot actions: the builder’s test call',
  (ctx) => {
    it('calls the webhook from the server, signed, with the sample arguments, and reports status, latency and an excerpt', async () => {
      const c = ctx();
      const { bot, headers, action } = await botWithAction(c, '/ok');
      const before = received.length;
      const response = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${action.id}/test`,
        headers,
        payload: { arguments: { order_id: 'A-1' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, status: 200, responseExcerpt: '{"status":"shipped","eta":"Friday"}' });
      expect(typeof response.json().latencyMs).toBe('number');
      const [sent] = received.slice(before);
      expect(sent!.verified).toBe(true);
      expect(sent!.payload).toEqual({ action: 'order_status', arguments: { order_id: 'A-1' }, chatbot_id: bot.id, conversation_id: null, test: true });

      const failing = await botWithAction(c, '/fail');
      const failed = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${failing.bot.id}/actions/${failing.action.id}/test`,
        headers: failing.headers,
        payload: { arguments: { order_id: 'A-1' } },
      });
      expect(failed.json()).toMatchObject({ success: false, status: 500 });

      const mismatch = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/actions/${action.id}/test`,
        headers,
        payload: { arguments: { order_id: 7 } },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe('The sample arguments do not match the parameters schema: argument order_id must be string');
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);
