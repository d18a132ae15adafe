import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { targetHostOf } from '../features/chatbot-actions/service';
import { actionCallTurns } from '../features/chatbot-actions/turn-calls';
import { chatbotActions } from '../db/schema/index';
import type { ActionCallRecord, ChatTurn } from '../services/chat-turns';
import type { TestContext } from './harness';
import { contentText, startToolModel } from './tool-model';
import { startWebhookReceiver } from './webhook-receiver';

/*
 * Chatbot action calls for the tests that read them (analytics, the delivery log): a local OpenAI-compatible model
 * server that calls the tool it is offered, a local endpoint the action calls, and the turn's own writer of call rows
 * for calls on other days or with set durations.
 */

export interface ActionCallServers {
  /** The model server's OpenAI-compatible base URL (OPENAI_COMPATIBLE_BASE_URL). */
  modelBaseUrl: string;
  /** The action endpoint: `/ok` answers 200 with JSON, `/fail` answers 500. */
  endpointUrl: string;
  close(): Promise<void>;
}

/**
 * The model calls the first tool it is offered, once, with `{ "order_id": "A-1" }`, and then answers with the tool's
 * result; the endpoint answers `/ok` with `{"status":"shipped"}` and `/fail` with a 500.
 */
export async function startActionCallServers(): Promise<ActionCallServers> {
  const endpoint = await startWebhookReceiver('');
  endpoint.answer((request) =>
    request.url === '/fail'
      ? { status: 500, body: 'boom' }
      : { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'shipped' }) },
  );
  const model = await startToolModel(
    (request) => {
      const offered = (request.tools ?? []).map((t) => t.function.name);
      const toolResult = request.messages.filter((m) => m.role === 'tool').at(-1);
      if (offered.length > 0 && request.tool_choice !== 'none' && !toolResult)
        return { call: { name: offered[0]!, arguments: { order_id: 'A-1' }, id: 'call_1' } };
      return { text: toolResult ? `Result: ${contentText(toolResult.content)}` : 'No tool was used.' };
    },
    { usage: { prompt_tokens: 20, completion_tokens: 5 } },
  );
  return {
    modelBaseUrl: model.baseURL,
    endpointUrl: endpoint.url,
    close: async () => {
      await Promise.all([endpoint.close(), model.close()]);
    },
  };
}

/** The app settings the servers need: the model's address, and calls to 127.0.0.1 allowed. */
export const actionCallConfig = (servers: ActionCallServers) => ({ OPENAI_COMPATIBLE_BASE_URL: servers.modelBaseUrl, ALLOW_PRIVATE_FETCH: 'true' });

/** A live chatbot answered by the local model, created through the API by a caller who may (headers: their cookie). */
export async function createModelChatbot(c: TestContext, headers: Record<string, string>, name = 'Shop bot'): Promise<{ id: string }> {
  const response = await c.app.inject({
    method: 'POST',
    url: '/api/chatbots',
    headers,
    payload: { name, modelProvider: 'openai-compatible', modelName: 'local-model' },
  });
  if (response.statusCode !== 201) throw new Error(`chatbot not created: ${response.statusCode} ${response.body}`);
  const chatbot = response.json() as { id: string };
  const live = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${chatbot.id}`, headers, payload: { status: 'live' } });
  if (live.statusCode !== 200) throw new Error(`chatbot not live: ${live.statusCode} ${live.body}`);
  return chatbot;
}

/** A webhook action on the chatbot, through the API (a template's when `templateId` is given). */
export async function createWebhookAction(
  c: TestContext,
  headers: Record<string, string>,
  chatbotId: string,
  input: { name: string; url: string; templateId?: string },
): Promise<{ id: string }> {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/chatbots/${chatbotId}/actions`,
    headers,
    payload: {
      name: input.name,
      description: 'Looks up an order by its id.',
      url: input.url,
      ...(input.templateId ? { templateId: input.templateId } : {}),
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    },
  });
  if (response.statusCode !== 201) throw new Error(`action not created: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

export interface AskedTurn {
  chatbotId: string;
  conversationId: string;
  messageId: string;
  text: string;
}

let visitors = 0;

/** A visitor's question in the widget: a real turn, in which the model calls the chatbot's action. */
export async function askVisitor(c: TestContext, chatbotId: string, message = 'Where is order A-1?'): Promise<AskedTurn> {
  visitors += 1;
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${chatbotId}/messages`,
    payload: { message, visitorId: `visitor_action_calls_${visitors}` },
  });
  return turnOf(chatbotId, response.statusCode, response.body);
}

/** The owner's question in the chatbot's test chat (left out of analytics, as every test-chat figure is). */
export async function askTestChat(c: TestContext, headers: Record<string, string>, chatbotId: string, message = 'Where is order A-1?'): Promise<AskedTurn> {
  const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/test-chat`, headers, payload: { message } });
  return turnOf(chatbotId, response.statusCode, response.body);
}

function turnOf(chatbotId: string, status: number, body: string): AskedTurn {
  const events = body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
  const meta = events.find((event) => event.type === 'meta') as { conversationId: string; messageId: string } | undefined;
  if (!meta) throw new Error(`no turn: ${status} ${body.slice(0, 300)}`);
  const text = events
    .filter((event) => event.type === 'delta')
    .map((event) => (event as { text: string }).text)
    .join('');
  return { chatbotId, conversationId: meta.conversationId, messageId: meta.messageId, text };
}

/**
 * More calls recorded with a stored answer, through the rows' one writer (the chat turn's `chatbot actions`
 * subscriber), for calls on other days or with set durations and errors than a live turn gives.
 */
export async function recordActionCalls(
  c: TestContext,
  turn: AskedTurn,
  calls: (Partial<ActionCallRecord> & Pick<ActionCallRecord, 'actionId' | 'actionName'>)[],
) {
  // The kind and host as the turn records them: the action's own, read from its row.
  const actions = await c.database.db.select().from(chatbotActions);
  const records: ActionCallRecord[] = calls.map((call) => ({
    actionKind: actions.find((action) => action.id === call.actionId)?.kind ?? 'webhook',
    targetHost: targetHostOf(actions.find((action) => action.id === call.actionId) ?? { url: null }),
    arguments: { order_id: 'A-1' },
    resultExcerpt: call.error ? null : '{"status":"shipped"}',
    error: null,
    httpStatus: call.error ? null : 200,
    durationMs: 100,
    at: new Date(),
    ...call,
  }));
  // The writer reads the turn's answer, conversation, chatbot and calls; the rest of a turn is the chat service's.
  const turnRecord = {
    answer: { id: turn.messageId },
    conversation: { id: turn.conversationId },
    chatbot: { id: turn.chatbotId },
    actionCalls: records,
  } as unknown as ChatTurn;
  const write = await actionCallTurns.write(c.database.db, turnRecord, { jobs: null });
  for (const [, statement] of write?.statements ?? []) await c.database.db.execute(statement);
}
