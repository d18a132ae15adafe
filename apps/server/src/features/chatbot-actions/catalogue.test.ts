import type { ActionCatalogue } from '@parley/shared/contracts/chatbot-actions';
import { expect, it } from 'vitest';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { ORDER_SCHEMA } from './test-fixtures';

async function ownerWithBot(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Shop bot' } })).json() as { id: string };
  return { headers, bot };
}

/** The operator publishes a template through the admin API, as the Custom Actions screen does. */
async function publish(c: TestContext, admin: { cookie: string }, template: Record<string, unknown>): Promise<string> {
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/admin/ai-actions/templates',
    headers: { cookie: admin.cookie },
    payload: { actionType: 'webhook', ...template },
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

async function catalogue(c: TestContext, headers: Record<string, string>, botId: string): Promise<ActionCatalogue> {
  const response = await c.app.inject({ method: 'GET', url: `/api/chatbots/${botId}/actions/catalogue`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ActionCatalogue;
}

const webhook = (endpointUrl: string, headers: Record<string, string> = {}) => ({ id: 'wh1', name: 'Order lookup', endpointUrl, method: 'POST', headers });

describeEachDatabase('chatbot actions: the catalogue as the builder offers it', (ctx) => {
  it('offers the active templates with their category and the action each starts, prefilled from the template', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const category = await c.app.inject({
      method: 'POST',
      url: '/api/admin/ai-actions/categories',
      headers: { cookie: admin.cookie },
      payload: { name: 'Commerce' },
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = (category.json() as { id: string }).id;
    const orderId = await publish(c, admin, {
      name: 'Order Status (v2) — Café',
      description: 'Shows a visitor where their order is.',
      instructionsTemplate: 'Call this when the visitor asks where their order is. Ask for the order id (like A-123) first.',
      categoryId,
      icon: 'Search',
      isFeatured: true,
      templateConfig: JSON.stringify({ parameters: ORDER_SCHEMA, other: true }),
      webhooks: [
        webhook('https://shop.example.com/hooks/order', {
          'X-Shop': 'acme',
          'Content-Type': 'application/json',
          Authorization: 'Bearer operator-secret-token',
          'X-Api-Key': 'sk-operator-0123456789',
        }),
        { ...webhook('https://second.example.com/hook'), id: 'wh2' },
      ],
    });
    const plainId = await publish(c, admin, { name: 'Newsletter', description: 'Signs the visitor up.', templateConfig: 'not json at all' });
    const inactiveId = await publish(c, admin, { name: 'Retired', isActive: false });

    const { headers, bot } = await ownerWithBot(c);
    const { items } = await catalogue(c, headers, bot.id);
    expect(items.map((item) => item.templateId)).not.toContain(inactiveId);
    const order = items.find((item) => item.templateId === orderId);
    expect(order).toEqual({
      templateId: orderId,
      name: 'Order Status (v2) — Café',
      description: 'Shows a visitor where their order is.',
      category: 'Commerce',
      icon: 'Search',
      isFeatured: true,
      suggested: {
        kind: 'webhook',
        name: 'order_status_v2_cafe',
        // The instructions are written for the assistant: they are what the model reads.
        description: 'Call this when the visitor asks where their order is. Ask for the order id (like A-123) first.',
        url: 'https://shop.example.com/hooks/order',
        // Parley's own header and the operator's credentials are left out.
        headers: { 'X-Shop': 'acme' },
        parameters: ORDER_SCHEMA,
        mcpTools: [],
      },
    });
    expect(JSON.stringify(items)).not.toContain('operator-secret-token');
    expect(JSON.stringify(items)).not.toContain('sk-operator');
    const plain = items.find((item) => item.templateId === plainId);
    expect(plain).toMatchObject({
      category: null,
      isFeatured: false,
      suggested: { name: 'newsletter', description: 'Signs the visitor up.', url: null, headers: {}, parameters: { type: 'object', properties: {} } },
    });
    // Featured first.
    expect(items.findIndex((item) => item.templateId === orderId)).toBeLessThan(items.findIndex((item) => item.templateId === plainId));

    // The prefilled action saves as it is (with the template named), and the next suggestion is a free name.
    const saved = await c.app.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/actions`,
      headers,
      payload: { templateId: orderId, ...order!.suggested },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ templateId: orderId, name: 'order_status_v2_cafe', parameters: ORDER_SCHEMA });
    const again = await catalogue(c, headers, bot.id);
    expect(again.items.find((item) => item.templateId === orderId)!.suggested.name).toBe('order_status_v2_cafe_2');
  });

  it('falls back for what the template lacks: a name with no letters, no description, a parameters schema that would be refused', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const longInstructions = `${'Use this to book a demo. '.repeat(60)}`.trim();
    const ids = {
      symbols: await publish(c, admin, { name: '???', templateConfig: JSON.stringify({ parameters: { type: 'string' } }) }),
      broken: await publish(c, admin, {
        name: 'Broken schema',
        description: 'Short.',
        templateConfig: JSON.stringify({ parameters: { type: 'object', properties: { id: { type: 'strange' } } } }),
      }),
      long: await publish(c, admin, { name: 'Book demo', instructionsTemplate: longInstructions, templateConfig: '[1, 2]' }),
      longWithDescription: await publish(c, admin, { name: 'Book demo two', description: 'Books a demo.', instructionsTemplate: longInstructions }),
    };
    const { headers, bot } = await ownerWithBot(c);
    const byId = new Map((await catalogue(c, headers, bot.id)).items.map((item) => [item.templateId, item.suggested]));
    const empty = { type: 'object', properties: {} };
    expect(byId.get(ids.symbols)).toMatchObject({ name: 'action', description: 'Runs the “???” action.', parameters: empty });
    expect(byId.get(ids.broken)).toMatchObject({ name: 'broken_schema', description: 'Short.', parameters: empty });
    const long = byId.get(ids.long)!;
    expect(long.description.length).toBeLessThanOrEqual(1000);
    expect(long.description).toMatch(/^Use this to book a demo\. .*…$/);
    expect(long.parameters).toEqual(empty);
    // Instructions too long for a description give way to the template's own description.
    expect(byId.get(ids.longWithDescription)!.description).toBe('Books a demo.');
  });

  it('is the organization’s to read: another organization’s chatbot is not found, and a viewer without a session is refused', async () => {
    const c = ctx();
    const { bot } = await ownerWithBot(c);
    const other = await ownerWithBot(c);
    const foreign = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/catalogue`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/actions/catalogue` });
    expect(anonymous.statusCode).toBe(401);
    const badId = await c.app.inject({ method: 'GET', url: '/api/chatbots/not-an-id/actions/catalogue', headers: other.headers });
    expect(badId.statusCode).toBe(400);
  });
});
