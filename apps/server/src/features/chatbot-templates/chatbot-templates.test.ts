import {
  CHATBOT_TEMPLATE_MESSAGES as MESSAGES,
  CHATBOT_TEMPLATES_MAX,
  TEMPLATE_CONFIGURATION_MAX_CHARS,
  TEMPLATE_LIST_ITEMS_MAX,
} from '@parley/shared/contracts/chatbot-templates';
import { SUGGESTED_QUESTIONS_MAX, SYSTEM_PROMPT_MAX } from '@parley/shared/contracts/chatbots';
import { and, count, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, globalAiAgents } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const BASE = '/api/admin/chatbot-templates';
const ACTIVE = '/api/chatbot-templates/active';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface Template {
  id: string;
  name: string;
  description: string;
  agentType: string;
  configuration: Record<string, unknown>;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

const activityFor = async (c: TestContext, action: string, resourceId: string) =>
  c.database.db
    .select()
    .from(adminActivityLogs)
    .where(and(eq(adminActivityLogs.action, action), eq(adminActivityLogs.resourceId, resourceId)));
const rowCount = async (c: TestContext) => Number((await c.database.db.select({ n: count() }).from(globalAiAgents))[0]?.n ?? 0);

async function create(c: TestContext, cookie: string, body: Record<string, unknown>) {
  const response = await c.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Template;
}

const SUPPORT_CONFIGURATION = {
  category: 'Customer Service',
  industry: 'Retail',
  features: ['Order tracking', 'Returns', 'Opening hours', 'Escalation'],
  difficulty: 'Intermediate',
  setupTime: '15 mins',
  useCases: ['Answer FAQs'],
  templateId: 'retail-support',
  systemPrompt: 'You help shoppers with orders and returns.',
  welcomeMessage: 'Hi! Need help with an order?',
  suggestedQuestions: ['Where is my order?', 'How do I return an item?'],
  internalNote: 'kept for admins',
};

describeEachDatabase('chatbot templates', (ctx) => {
  it('appears in the OpenAPI document with its request bodies', async () => {
    const spec = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/admin/chatbot-templates', '/api/admin/chatbot-templates/{id}', '/api/chatbot-templates/active']),
    );
    expect(spec.paths[BASE].post.requestBody).toBeDefined();
  });

  it('creates a template with the spec’s default configuration, then edits and deletes it with an audit trail', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };

    const created = await create(c, admin.cookie, { name: '  Starter  ' });
    expect(created).toMatchObject({ name: 'Starter', description: '', agentType: 'chatbot_template', isActive: true });
    expect(created.configuration).toEqual({
      category: 'General',
      industry: 'General',
      difficulty: 'Beginner',
      setupTime: '10 mins',
      features: [],
      useCases: [],
    });
    expect((await activityFor(c, 'chatbot_template_created', created.id))[0]).toMatchObject({ resourceType: 'chatbot_template', adminUserId: admin.userId });

    const updated = await c.app.inject({
      method: 'PATCH',
      url: `${BASE}/${created.id}`,
      headers,
      payload: { description: 'For shops', configuration: SUPPORT_CONFIGURATION, isActive: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Starter', description: 'For shops', isActive: false, configuration: SUPPORT_CONFIGURATION });
    expect(updated.json().updatedAt).not.toBe(created.updatedAt);
    expect((await activityFor(c, 'chatbot_template_updated', created.id))[0]?.details).toMatchObject({ changed: ['description', 'configuration', 'isActive'] });

    const listed = (await c.app.inject({ method: 'GET', url: BASE, headers })).json().items as Template[];
    expect(listed.find((t) => t.id === created.id)?.configuration).toEqual(SUPPORT_CONFIGURATION);

    const removed = await c.app.inject({ method: 'DELETE', url: `${BASE}/${created.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(await activityFor(c, 'chatbot_template_deleted', created.id)).toHaveLength(1);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${created.id}`, headers })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'PATCH', url: `${BASE}/${created.id}`, headers, payload: { name: 'x' } })).json().message).toBe(MESSAGES.notFound);
  });

  it('lists only chatbot templates (newest first), fills missing configuration keys, and leaves other agent types alone', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const [workflow] = await c.database.db
      .insert(globalAiAgents)
      .values({ name: 'A workflow agent', agentType: 'n8n_workflow', configuration: { category: 'x' } as never })
      .returning();
    const [legacy] = await c.database.db
      .insert(globalAiAgents)
      .values({ name: 'Legacy', configuration: { features: ['One', 2, 'Two'] } as never })
      .returning();
    const newest = await create(c, admin.cookie, { name: 'Newest' });

    const items = (await c.app.inject({ method: 'GET', url: BASE, headers })).json().items as Template[];
    expect(items.map((t) => t.agentType).every((type) => type === 'chatbot_template')).toBe(true);
    expect(items.map((t) => t.id)).not.toContain(workflow!.id);
    expect(items[0]!.id).toBe(newest.id);
    expect(items.find((t) => t.id === legacy!.id)?.configuration).toMatchObject({
      category: 'General',
      industry: 'General',
      difficulty: 'Beginner',
      setupTime: '10 mins',
      features: ['One', 'Two'],
      useCases: [],
    });

    expect((await c.app.inject({ method: 'PATCH', url: `${BASE}/${workflow!.id}`, headers, payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${workflow!.id}`, headers })).statusCode).toBe(404);
    const [still] = await c.database.db.select().from(globalAiAgents).where(eq(globalAiAgents.id, workflow!.id));
    expect(still?.name).toBe('A workflow agent');
  });

  it('bad input gets 400 with a clear message and changes nothing', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const target = await create(c, admin.cookie, { name: 'Target', configuration: { category: 'Sales' } });
    const before = await rowCount(c);
    const config = (extra: Record<string, unknown>) => ({ name: 'x', configuration: { ...extra } });

    const cases: { method: 'POST' | 'PATCH'; url: string; payload: unknown; message: string }[] = [
      { method: 'POST', url: BASE, payload: {}, message: `name: ${MESSAGES.nameRequired}` },
      { method: 'POST', url: BASE, payload: { name: '   ' }, message: `name: ${MESSAGES.nameRequired}` },
      { method: 'POST', url: BASE, payload: { name: 'x'.repeat(101) }, message: 'Name must be at most 100 characters' },
      { method: 'POST', url: BASE, payload: { name: 'x', description: 'd'.repeat(501) }, message: 'Description must be at most 500 characters' },
      { method: 'POST', url: BASE, payload: { name: 'x', configuration: '{"category": "Sales"' }, message: 'Configuration must be a JSON object' },
      { method: 'POST', url: BASE, payload: { name: 'x', configuration: ['a'] }, message: 'Configuration must be a JSON object' },
      { method: 'POST', url: BASE, payload: config({ features: 'Returns' }), message: 'Features must be a list of text' },
      { method: 'POST', url: BASE, payload: config({ features: ['ok', ' '] }), message: 'Features may not contain blank entries' },
      {
        method: 'POST',
        url: BASE,
        payload: config({ features: Array.from({ length: TEMPLATE_LIST_ITEMS_MAX + 1 }, (_, i) => `f${i}`) }),
        message: `At most ${TEMPLATE_LIST_ITEMS_MAX} features`,
      },
      { method: 'POST', url: BASE, payload: config({ useCases: [1] }), message: 'Each use case must be text' },
      { method: 'POST', url: BASE, payload: config({ difficulty: 'Expert' }), message: 'Difficulty must be one of Beginner, Intermediate, Advanced' },
      { method: 'POST', url: BASE, payload: config({ category: 'c'.repeat(61) }), message: 'Category must be at most 60 characters' },
      { method: 'POST', url: BASE, payload: config({ setupTime: 10 }), message: 'Setup time must be text' },
      {
        method: 'POST',
        url: BASE,
        payload: config({ templateId: 'has spaces' }),
        message: 'templateId may contain only letters, digits, underscores and hyphens',
      },
      {
        method: 'POST',
        url: BASE,
        payload: config({ systemPrompt: 'p'.repeat(SYSTEM_PROMPT_MAX + 1) }),
        message: `systemPrompt must be at most ${SYSTEM_PROMPT_MAX} characters`,
      },
      { method: 'POST', url: BASE, payload: config({ welcomeMessage: 'w'.repeat(501) }), message: 'welcomeMessage must be at most 500 characters' },
      {
        method: 'POST',
        url: BASE,
        payload: config({ suggestedQuestions: Array.from({ length: SUGGESTED_QUESTIONS_MAX + 1 }, (_, i) => `q${i}?`) }),
        message: `At most ${SUGGESTED_QUESTIONS_MAX} suggested questions`,
      },
      { method: 'POST', url: BASE, payload: config({ notes: 'n'.repeat(TEMPLATE_CONFIGURATION_MAX_CHARS) }), message: MESSAGES.configurationTooLarge },
      { method: 'POST', url: BASE, payload: { name: 'x', isActive: 'true' }, message: 'isActive' },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: {}, message: 'Nothing to update' },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: { name: '' }, message: MESSAGES.nameRequired },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: { configuration: null }, message: 'Configuration must be a JSON object' },
      { method: 'PATCH', url: `${BASE}/not-a-uuid`, payload: { name: 'x' }, message: 'Invalid id: must be a UUID' },
    ];
    for (const { method, url, payload, message } of cases) {
      const response = await c.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
      expect(response.statusCode, `${method} ${JSON.stringify(payload).slice(0, 100)} → ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const badJson = await c.app.inject({ method: 'POST', url: BASE, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(badJson.statusCode).toBe(400);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/123`, headers })).statusCode).toBe(400);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${MISSING_ID}`, headers })).statusCode).toBe(404);

    expect(await rowCount(c)).toBe(before);
    const [unchanged] = await c.database.db.select().from(globalAiAgents).where(eq(globalAiAgents.id, target.id));
    expect(unchanged).toMatchObject({ name: 'Target', configuration: { category: 'Sales' } });
  });

  it('blank optional texts are dropped and blank labels fall back to the spec’s defaults', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const created = await create(c, admin.cookie, {
      name: 'Blanks',
      configuration: { category: ' ', industry: '', setupTime: '  ', templateId: '', systemPrompt: '  ', welcomeMessage: '' },
    });
    expect(created.configuration).toEqual({
      category: 'General',
      industry: 'General',
      difficulty: 'Beginner',
      setupTime: '10 mins',
      features: [],
      useCases: [],
    });
  });

  it('only system admins manage templates; signed-in customers see the active ones without admin-only keys', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const shown = await create(c, admin.cookie, { name: 'AAA Retail support', description: 'Orders and returns', configuration: SUPPORT_CONFIGURATION });
    const hidden = await create(c, admin.cookie, { name: 'AAA Hidden', isActive: false });

    const customer = await createSignedInUser(c);
    for (const role of ['customer', 'support', 'developer'] as const) {
      const cookie = role === 'customer' ? customer.cookie : (await createAdmin(c, role)).cookie;
      const calls = [
        c.app.inject({ method: 'GET', url: BASE, headers: { cookie } }),
        c.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: { name: 'x' } }),
        c.app.inject({ method: 'PATCH', url: `${BASE}/${shown.id}`, headers: { cookie }, payload: { name: 'Hacked' } }),
        c.app.inject({ method: 'DELETE', url: `${BASE}/${shown.id}`, headers: { cookie } }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
    }
    expect((await c.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);

    const gallery = await c.app.inject({ method: 'GET', url: ACTIVE, headers: { cookie: customer.cookie } });
    expect(gallery.statusCode).toBe(200);
    const items = gallery.json().items as { id: string; name: string; configuration: Record<string, unknown> }[];
    expect(items.map((t) => t.id)).toContain(shown.id);
    expect(items.map((t) => t.id)).not.toContain(hidden.id);
    const option = items.find((t) => t.id === shown.id)!;
    expect(Object.keys(option).sort()).toEqual(['configuration', 'description', 'id', 'name']);
    const { internalNote: _, ...publicConfiguration } = SUPPORT_CONFIGURATION;
    expect(option.configuration).toEqual(publicConfiguration);
    const names = items.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await c.app.inject({ method: 'GET', url: ACTIVE })).statusCode).toBe(401);
  });

  it('the catalogue is bounded', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const { db } = c.database;
    const existing = Number((await db.select({ n: count() }).from(globalAiAgents).where(eq(globalAiAgents.agentType, 'chatbot_template')))[0]?.n ?? 0);
    const filler = Array.from({ length: CHATBOT_TEMPLATES_MAX - existing }, (_, i) => ({
      name: `Filler ${i}`,
      configuration: { category: 'General', industry: 'General', features: [], difficulty: 'Beginner', setupTime: '10 mins', useCases: [] },
    }));
    const inserted = filler.length ? await db.insert(globalAiAgents).values(filler).returning({ id: globalAiAgents.id }) : [];
    const full = await c.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin.cookie }, payload: { name: 'One too many' } });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(MESSAGES.tooMany);
    const listed = (await c.app.inject({ method: 'GET', url: BASE, headers: { cookie: admin.cookie } })).json().items as Template[];
    expect(listed).toHaveLength(CHATBOT_TEMPLATES_MAX);
    if (inserted.length)
      await db.delete(globalAiAgents).where(
        inArray(
          globalAiAgents.id,
          inserted.map((r) => r.id),
        ),
      );
  });
});
