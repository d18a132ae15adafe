import { CHATBOT_ACTION_MESSAGES } from '@parley/shared/contracts/chatbot-actions';
import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatbotActions, subscriptionTierLimits } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { generateWebhookSecretForTest, ORDER_SCHEMA } from './test-fixtures';

async function ownerWithBot(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Shop bot' } })).json() as { id: string };
  return { headers, bot };
}

const validAction = { name: 'order_status', description: 'Looks up an order.', url: 'https://example.com/hooks/order', parameters: ORDER_SCHEMA };

describeEachDatabase('chatbot actions: the owner’s list, changes and limits', (ctx) => {
  it('adds, lists, changes and deletes an action; the signing secret is stored sealed and never returned', async () => {
    const c = ctx();
    const { headers, bot } = await ownerWithBot(c);
    const secret = generateWebhookSecretForTest();
    const created = await c.app.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/actions`,
      headers,
      payload: { ...validAction, headers: { 'X-Shop': 'acme' }, signingSecret: secret },
    });
    expect(created.statusCode, created.body).toBe(201);
    const action = created.json() as Record<string, unknown> & { id: string };
    expect(action).toMatchObject({
      chatbotId: bot.id,
      templateId: null,
      name: 'order_status',
      kind: 'webhook',
      method: 'POST',
      headers: { 'X-Shop': 'acme' },
      hasSigningSecret: true,
      parameters: ORDER_SCHEMA,
      enabled: true,
    });
    expect(created.body).not.toContain(secret.slice(6));
    const [row] = await c.database.db.select().from(chatbotActions).where(eq(chatbotActions.id, action.id));
    expect(row!.signingSecretEncrypted).toMatch(/^v1\./);
    expect(row!.signingSecretEncrypted).not.toContain(secret.slice(6));

    const list = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions`, headers });
    expect(list.json()).toEqual({ items: [action], limits: { maxActionsPerChatbot: 5, maxActionCallsPerTurn: 3 } });

    const changed = await c.app.inject({
      method: 'PATCH',
      url: `/api/chatbots/${bot.id}/actions/${action.id}`,
      headers,
      payload: { description: 'Finds an order by id.', signingSecret: null, enabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'Finds an order by id.', hasSigningSecret: false, enabled: false, name: 'order_status' });

    const deleted = await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${bot.id}/actions/${action.id}`, headers });
    expect(deleted.json()).toEqual({ ok: true });
    const again = await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${bot.id}/actions/${action.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const c = ctx();
    const { headers, bot } = await ownerWithBot(c);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validAction, name: 'Order Status' }, CHATBOT_ACTION_MESSAGES.nameFormat],
      [{ ...validAction, name: 'x'.repeat(65) }, CHATBOT_ACTION_MESSAGES.nameTooLong],
      [{ ...validAction, description: ' ' }, CHATBOT_ACTION_MESSAGES.descriptionRequired],
      [{ ...validAction, url: 'ftp://example.com/x' }, CHATBOT_ACTION_MESSAGES.urlInvalid],
      [{ ...validAction, headers: { 'Webhook-Signature': 'v1,forged' } }, CHATBOT_ACTION_MESSAGES.headerReserved('Webhook-Signature')],
      [{ ...validAction, headers: { 'X-Shop': 'acme\r\nX-Injected: 1' } }, CHATBOT_ACTION_MESSAGES.headerValueLine],
      [
        { ...validAction, parameters: { type: 'object', $schema: 'https://example.com/unknown-meta-schema' } },
        'The parameters schema is not a valid JSON Schema:',
      ],
      [
        { ...validAction, parameters: { type: 'object', properties: { id: { $ref: '#/definitions/missing' } } } },
        'The parameters schema is not a valid JSON Schema:',
      ],
      [{ ...validAction, signingSecret: 'hunter2' }, CHATBOT_ACTION_MESSAGES.secretFormat],
      [{ ...validAction, parameters: { type: 'string' } }, CHATBOT_ACTION_MESSAGES.parametersNotObject],
      [{ ...validAction, parameters: { type: 'object', properties: { id: { type: 'strange' } } } }, 'The parameters schema is not a valid JSON Schema:'],
      [{ ...validAction, parameters: { type: 'object', required: 'id' } }, 'The parameters schema is not a valid JSON Schema:'],
      [{ ...validAction, url: 'http://10.0.0.5/hook' }, CHATBOT_ACTION_MESSAGES.privateAddress],
      [{ ...validAction, url: 'http://localhost:8080/hook' }, CHATBOT_ACTION_MESSAGES.privateAddress],
      [{ ...validAction, url: 'http://[::1]/hook' }, CHATBOT_ACTION_MESSAGES.privateAddress],
    ];
    for (const [payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const created = (await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: validAction })).json() as { id: string };
    const privateChange = await c.app.inject({
      method: 'PATCH',
      url: `/api/chatbots/${bot.id}/actions/${created.id}`,
      headers,
      payload: { url: 'http://192.168.1.10/hook' },
    });
    expect(privateChange.statusCode).toBe(400);
    expect(privateChange.json().message).toBe(CHATBOT_ACTION_MESSAGES.privateAddress);
    const duplicate = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: validAction });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(CHATBOT_ACTION_MESSAGES.nameTaken);
    expect((await c.database.db.select().from(chatbotActions).where(eq(chatbotActions.chatbotId, bot.id))).map((row) => row.url)).toEqual([validAction.url]);
  });

  it('answers 404 for another organization’s chatbot or action, and changes nothing of it', async () => {
    const c = ctx();
    const { headers, bot } = await ownerWithBot(c);
    const action = (await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: validAction })).json() as { id: string };
    const other = await ownerWithBot(c);
    const attempts = [
      { method: 'GET' as const, url: `/api/chatbots/${bot.id}/actions` },
      { method: 'POST' as const, url: `/api/chatbots/${bot.id}/actions`, payload: { ...validAction, name: 'other' } },
      { method: 'PATCH' as const, url: `/api/chatbots/${bot.id}/actions/${action.id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/chatbots/${bot.id}/actions/${action.id}` },
      { method: 'POST' as const, url: `/api/chatbots/${bot.id}/actions/${action.id}/test`, payload: {} },
      // Their own chatbot, our action.
      { method: 'PATCH' as const, url: `/api/chatbots/${other.bot.id}/actions/${action.id}`, payload: { enabled: false } },
    ];
    for (const attempt of attempts) {
      const response = await c.app.inject({ ...attempt, headers: other.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    const [row] = await c.database.db.select().from(chatbotActions).where(eq(chatbotActions.id, action.id));
    expect(row!.enabled).toBe(true);
  });

  it('refuses an action past the tier’s actions per chatbot with a clear 403', async () => {
    const c = ctx();
    const { headers, bot } = await ownerWithBot(c);
    await c.database.db.update(subscriptionTierLimits).set({ maxActionsPerChatbot: 2 }).where(eq(subscriptionTierLimits.tier, 'free'));
    try {
      for (const name of ['one', 'two']) {
        const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: { ...validAction, name } });
        expect(response.statusCode).toBe(201);
      }
      const third = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload: { ...validAction, name: 'three' } });
      expect(third.statusCode).toBe(403);
      expect(third.json().message).toBe(CHATBOT_ACTION_MESSAGES.limitReached(2));
    } finally {
      await c.database.db.update(subscriptionTierLimits).set({ maxActionsPerChatbot: 5 }).where(eq(subscriptionTierLimits.tier, 'free'));
    }
  });

  it('sets a tier’s action limits on Tier Limits, with the defaults for a tier made without them', async () => {
    const c = ctx();
    const headers = { cookie: (await createAdmin(c, 'system_admin')).cookie };
    const body = { displayName: 'Team', description: '', monthlyTokenLimit: 500_000, maxHandoffsPerMonth: 50, maxChatbots: 5, isActive: true };
    const created = await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: { ...body, tier: 'team-actions' } });
    expect(created.json()).toMatchObject({ maxActionsPerChatbot: 5, maxActionCallsPerTurn: 3 });
    const changed = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/tier-limits/${created.json().id}`,
      headers,
      payload: { ...body, maxActionsPerChatbot: -1, maxActionCallsPerTurn: 8 },
    });
    expect(changed.json()).toMatchObject({ maxActionsPerChatbot: -1, maxActionCallsPerTurn: 8 });
    const tooMany = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/tier-limits/${created.json().id}`,
      headers,
      payload: { ...body, maxActionCallsPerTurn: 21 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(TIER_MESSAGES.actionCallsLimitInvalid);
  });
});
