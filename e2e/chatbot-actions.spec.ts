import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { bootstrapAdmin, signUpAndConfirm } from './support/accounts';
import { dismissToasts, screenshot, waitForConsole } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { SHARED_SERVER_ENV } from './support/shared-server';
import { ownServer } from './support/suite';
import { openDemoWidget, sendInWidget } from './support/widget';

/** The owner's signing secret (Standard Webhooks: whsec_ and 32 bytes in base64); the shop's receiver verifies with it. */
const SECRET = `whsec_${Buffer.from('parley-e2e-order-status-secret!!').toString('base64')}`;
const ORDER_PARAMETERS = {
  type: 'object',
  properties: { order_id: { type: 'string', description: 'The order id, like A-123' } },
  required: ['order_id'],
};

/** What the shop's receiver was sent, and whether the signature verified with the real standardwebhooks package. */
interface Received {
  payload: { action: string; arguments: Record<string, unknown>; conversation_id: string | null; test?: boolean };
  isVerified: boolean;
}

/** Answers a chat completion as a stream of OpenAI chunks: text, or one call of a tool. */
function streamCompletion(res: ServerResponse, delta: { content: string } | { toolCall: { name: string; args: object } }) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (body: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta: body, finish_reason: finish }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' });
  if ('toolCall' in delta) {
    chunk({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: delta.toolCall.name, arguments: JSON.stringify(delta.toolCall.args) } }],
    });
    chunk({}, 'tool_calls');
  } else {
    chunk({ content: delta.content });
    chunk({}, 'stop');
  }
  res.write(
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [], usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 } })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}

/** The tool's result as the model is given it (a JSON text, perhaps JSON in a string), read back as an object. */
function readToolResult(content: unknown): Record<string, unknown> {
  let value: unknown = content;
  for (let i = 0; i < 3 && typeof value === 'string'; i += 1) {
    try {
      value = JSON.parse(value);
    } catch {
      break;
    }
  }
  if (Array.isArray(value)) value = (value as { text?: string }[]).map((part) => part.text ?? '').join('');
  if (typeof value === 'string') return readToolResult(value.startsWith('{') ? value : '{}');
  return (value ?? {}) as Record<string, unknown>;
}

const settled = (locator: Locator) => locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

async function elementShot(page: Page, locator: Locator, name: string) {
  await locator.scrollIntoViewIfNeeded();
  await settled(locator);
  await screenshot(page, name, { fullPage: false });
}

describe('chatbot actions: an operator publishes an action, an owner enables it, the model calls it while answering a visitor', () => {
  // The shop's endpoint, verifying every call's signature; it answers an order's status.
  const received: Received[] = [];
  const receiver: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let isVerified = false;
      try {
        new Webhook(SECRET).verify(raw, req.headers as Record<string, string>);
        isVerified = true;
      } catch {
        isVerified = false;
      }
      received.push({ payload: JSON.parse(raw) as Received['payload'], isVerified });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'shipped', eta: 'Friday' }));
    });
  });

  // A local OpenAI-compatible model server: offered tools and no result yet, it asks for the first tool with the order
  // id the question names; given a tool's result, it answers with it.
  const modelRequests: { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] }[] = [];
  const model: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (!req.url?.endsWith('/chat/completions')) return res.writeHead(404).end();
      const body = JSON.parse(raw) as (typeof modelRequests)[number];
      modelRequests.push(body);
      const toolResult = body.messages.filter((m) => m.role === 'tool').at(-1);
      const tool = body.tools?.[0]?.function.name;
      if (!toolResult && tool) return streamCompletion(res, { toolCall: { name: tool, args: { order_id: 'A-123' } } });
      if (!toolResult) return streamCompletion(res, { content: 'I can only look up orders.' });
      const result = readToolResult(toolResult.content);
      return streamCompletion(res, { content: `Your order A-123 has ${String(result.status)} and arrives ${String(result.eta)}.` });
    });
  });

  const env: Record<string, string> = { ...SHARED_SERVER_ENV };
  let receiverUrl = '';
  beforeAll(async () => {
    await Promise.all([receiver, model].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    env.OPENAI_COMPATIBLE_BASE_URL = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    model.closeAllConnections();
    await Promise.all([receiver, model].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });
  // A server of its own: the answer model is the local one above, given to the server when it starts.
  const own = ownServer(env);

  test('catalogue → builder (signing secret, test) → widget answer from a signed call → handoff → the inbox shows the call', async ({ newContext }) => {
    const { server } = own;

    // The operator publishes a webhook action on Custom Actions: parameters in its configuration, the shop's endpoint.
    const { page: admin } = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, {
      firstName: 'Ada',
      lastName: 'Operator',
    });
    await bootstrapAdmin(admin, server);
    await admin.goto(`${server.url}/admin/ai-agents`);
    await waitForConsole(admin);
    await admin.getByRole('button', { name: 'Create Action' }).first().click();
    const templateDialog = admin.getByRole('dialog');
    await templateDialog.locator('#action-name').fill('Order status');
    await templateDialog.locator('#action-description').fill('Tells a visitor where their order is.');
    await templateDialog.getByRole('tab', { name: /Config/ }).click();
    await templateDialog.locator('#action-config').fill(JSON.stringify({ parameters: ORDER_PARAMETERS }, null, 2));
    await templateDialog
      .locator('#action-instructions')
      .fill('Call this when the visitor asks where their order is or when it arrives. Needs the order id (like A-123).');
    await templateDialog.getByRole('tab', { name: /Webhooks/ }).click();
    await templateDialog.getByRole('button', { name: 'Add webhook' }).click();
    const webhookForm = templateDialog.getByTestId('webhook-form');
    await webhookForm.locator('#webhook-name').fill('Shop orders');
    await webhookForm.locator('#webhook-url').fill(`${receiverUrl}/orders`);
    await webhookForm.getByRole('checkbox').first().click();
    await webhookForm.getByRole('button', { name: 'Add webhook' }).click();
    await templateDialog.getByRole('tab', { name: /Webhooks\s*\(1\)/ }).waitFor();
    await templateDialog.getByRole('button', { name: 'Create Action' }).click();
    await admin.getByText('Action template created successfully').first().waitFor();

    // The owner's chatbot answers with the local model.
    const { page: owner } = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, {
      firstName: 'Grace',
      lastName: 'Owner',
    });
    const chatbotId = await createLiveChatbot(owner.request, server, {
      name: 'Acme Rockets',
      text: ACME_FAQ,
      appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
    });
    const switched = await owner.request.patch(`${server.url}/api/chatbots/${chatbotId}`, {
      headers: { origin: server.url },
      data: { modelProvider: 'openai-compatible', modelName: 'local-model' },
    });
    expect(switched.status(), await switched.text()).toBe(200);

    // In the builder, the owner adds the action from the catalogue: the form comes prefilled, the owner sets a secret.
    await owner.goto(`${server.url}/dashboard/chatbots/${chatbotId}?tab=settings`);
    const section = owner.getByRole('region', { name: 'Actions' });
    await section.getByText('No actions yet.', { exact: false }).waitFor();
    await section.getByText('0 of 5 actions · up to 3 calls per answer').waitFor();
    await section.getByRole('button', { name: 'Add action' }).click();
    await owner.getByRole('menuitem', { name: 'From the catalogue' }).click();
    const picker = owner.getByRole('dialog', { name: 'Add an action from the catalogue' });
    await picker.getByRole('button', { name: 'Use Order status' }).click();
    const form = owner.getByRole('dialog', { name: 'Add action: Webhook' });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('order_status');
    expect(await form.getByLabel('Webhook URL').inputValue()).toBe(`${receiverUrl}/orders`);
    expect(await form.getByLabel('Description for the model').inputValue()).toMatch(/^Call this when the visitor asks where their order is/);
    expect(JSON.parse(await form.getByLabel('Parameters (JSON Schema)').inputValue())).toEqual(ORDER_PARAMETERS);
    await form.getByLabel('Signing secret (optional)').fill(SECRET);
    await settled(form);
    await screenshot(owner, 'chatbot-actions-add-form', { fullPage: false });
    await form.getByRole('button', { name: 'Add action' }).click();
    await form.waitFor({ state: 'hidden' });
    const row = section.getByTestId('chatbot-action-row').filter({ hasText: 'order_status' });
    await row.getByText('Webhook').waitFor();
    await section.getByText('1 of 5 actions · up to 3 calls per answer').waitFor();

    // A test from the server: signed, marked as a test, its answer shown.
    await row.getByRole('button', { name: 'Test order_status' }).click();
    const testDialog = owner.getByRole('dialog', { name: 'Test order_status' });
    await testDialog.getByLabel('Sample arguments (JSON)').fill('{"order_id": "A-123"}');
    await testDialog.getByRole('button', { name: 'Send test' }).click();
    await testDialog.getByRole('region', { name: 'Test result' }).getByText('It worked: HTTP 200', { exact: false }).waitFor();
    await testDialog.getByRole('button', { name: 'Done' }).click();
    await row.getByText('Last test passed: HTTP 200', { exact: false }).waitFor();
    expect(received).toEqual([{ payload: expect.objectContaining({ action: 'order_status', test: true, conversation_id: null }), isVerified: true }]);
    await dismissToasts(owner);
    await elementShot(owner, section, 'chatbot-actions-builder');

    // A visitor asks in the widget: the model asks for the action, Parley calls the shop signed, the answer uses the result.
    const visitor = await newContext({ viewport: { width: 1280, height: 800 } });
    const widget = await openDemoWidget(visitor, server.url, chatbotId, 'Acme help');
    await sendInWidget(widget.page, 'Where is my order A-123?');
    await widget.log.getByText('Your order A-123 has shipped and arrives Friday.').waitFor();
    const call = received.find((entry) => !entry.payload.test);
    expect(call).toEqual({
      payload: expect.objectContaining({ action: 'order_status', arguments: { order_id: 'A-123' }, conversation_id: expect.any(String) }),
      isVerified: true,
    });
    expect(modelRequests.filter((request) => request.tools?.some((t) => t.function.name === 'order_status')).length).toBeGreaterThanOrEqual(1);

    // The visitor asks for a person; the owner opens the conversation in the inbox and sees the call under the answer.
    await sendInWidget(widget.page, 'Thanks! Can I talk to a human, please?');
    await widget.page.getByText('Waiting for a person…').waitFor();
    await owner.goto(`${server.url}/dashboard/inbox`);
    const handoff = owner.getByTestId('handoff-row').first();
    await handoff.waitFor();
    await handoff.click();
    const conversation = owner.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Your order A-123 has shipped and arrives Friday.').waitFor();
    const calls = conversation.getByRole('list', { name: 'Actions called for this answer (1)' });
    const trigger = calls.getByRole('button', { name: /Called order_status/ });
    expect(await trigger.textContent()).toMatch(/done · HTTP 200 · \d+ ms/);
    await trigger.click();
    await calls.getByText('"order_id": "A-123"').waitFor();
    await calls.getByText('{"status":"shipped","eta":"Friday"}').waitFor();
    await dismissToasts(owner);
    await elementShot(owner, calls, 'chatbot-actions-inbox-call');
    expect(widget.pageErrors).toEqual([]);
  });
});
