import { ACTION_CATEGORIES_MAX, ACTION_TEMPLATES_MAX, AI_ACTION_MESSAGES } from '@parley/shared/contracts/ai-actions';
import { and, count, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, aiActionCategories, aiActionTemplates } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const activity = (ctx: TestContext, action: string, resourceId?: string) =>
  ctx.database.db
    .select()
    .from(adminActivityLogs)
    .where(resourceId ? and(eq(adminActivityLogs.action, action), eq(adminActivityLogs.resourceId, resourceId)) : eq(adminActivityLogs.action, action));

const templateCount = async (ctx: TestContext) => Number((await ctx.database.db.select({ n: count() }).from(aiActionTemplates))[0]?.n ?? 0);

const webhook = (overrides: Record<string, unknown> = {}) => ({
  id: 'wh-1',
  name: 'CRM lead',
  endpointUrl: 'https://hooks.example.com/lead?key=abc',
  method: 'POST',
  headers: { Authorization: 'Bearer abc', 'X-Source': 'parley' },
  timeoutSeconds: 30,
  retryCount: 3,
  eventTriggers: ['action.triggered', 'action.completed'],
  ...overrides,
});

const handler = (overrides: Record<string, unknown> = {}) => ({
  id: 'eh-1',
  name: 'Capture e-mail',
  eventType: 'user_input',
  condition: "message.includes('@')",
  action: 'data_store',
  payloadMapping: '{"email": "{{message}}"}',
  isActive: true,
  priority: 2,
  ...overrides,
});

describeEachDatabase('custom action management', (ctx) => {
  async function developer(c: TestContext) {
    return { cookie: (await createAdmin(c, 'developer')).cookie };
  }

  it('is for developers and system admins: anonymous 401, customers and support 403', async () => {
    const c = ctx();
    const customer = await createSignedInUser(c);
    const support = await createAdmin(c, 'support');
    const system = await createAdmin(c, 'system_admin');
    const dev = await createAdmin(c, 'developer');
    const calls = [
      { method: 'GET' as const, url: '/api/admin/ai-actions/templates' },
      { method: 'GET' as const, url: '/api/admin/ai-actions/categories' },
      { method: 'GET' as const, url: '/api/admin/ai-actions/analytics' },
      { method: 'POST' as const, url: '/api/admin/ai-actions/templates', payload: { name: 'x', actionType: 'webhook' } },
      { method: 'POST' as const, url: '/api/admin/ai-actions/test-webhook', payload: { endpointUrl: 'https://example.com' } },
    ];
    for (const call of calls) {
      expect((await c.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await c.app.inject({ ...call, headers: { cookie: customer.cookie } })).statusCode, call.url).toBe(403);
      const refused = await c.app.inject({ ...call, headers: { cookie: support.cookie } });
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().message).toBe('You need developer role to access this feature.');
    }
    expect(await templateCount(c)).toBe(0);
    for (const cookie of [dev.cookie, system.cookie]) {
      const list = await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/templates', headers: { cookie } });
      expect(list.statusCode).toBe(200);
    }
  });

  it('manages categories: create, unique names, active list by sort order, deactivate, delete only when empty', async () => {
    const c = ctx();
    const headers = await developer(c);
    const create = (payload: Record<string, unknown>) => c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/categories', headers, payload });

    const leads = await create({ name: 'Lead capture', icon: 'UserCheck', sortOrder: 2 });
    expect(leads.statusCode).toBe(201);
    expect(leads.json()).toMatchObject({ name: 'Lead capture', icon: 'UserCheck', sortOrder: 2, isActive: true, description: '', templateCount: 0 });
    const alerts = await create({ name: '  Notifications ', description: 'Tell people', sortOrder: 1 });
    expect(alerts.json()).toMatchObject({ name: 'Notifications', icon: 'Zap' });

    const duplicate = await create({ name: 'lead CAPTURE' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A category with this name already exists.');
    for (const bad of [
      { name: '' },
      { name: '   ' },
      { name: 'x', icon: 'Rocket' },
      { name: 'x', sortOrder: -1 },
      { name: 'x', sortOrder: 1.5 },
      { name: 'x'.repeat(101) },
    ]) {
      const response = await create(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }

    const list = await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/categories', headers });
    expect(list.json().items.map((i: { name: string }) => i.name)).toEqual(['Notifications', 'Lead capture']);

    const alertsId = alerts.json().id as string;
    const leadsId = leads.json().id as string;
    const deactivated = await c.app.inject({ method: 'PATCH', url: `/api/admin/ai-actions/categories/${alertsId}`, headers, payload: { isActive: false } });
    expect(deactivated.json()).toMatchObject({ isActive: false, name: 'Notifications' });
    const active = await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/categories', headers });
    expect(active.json().items.map((i: { name: string }) => i.name)).toEqual(['Lead capture']);
    const all = await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/categories?includeInactive=true', headers });
    expect(all.json().items).toHaveLength(2);
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/categories?includeInactive=yes', headers })).statusCode).toBe(400);

    const rename = await c.app.inject({ method: 'PATCH', url: `/api/admin/ai-actions/categories/${alertsId}`, headers, payload: { name: 'LEAD capture' } });
    expect(rename.statusCode).toBe(409);
    expect((await c.app.inject({ method: 'PATCH', url: `/api/admin/ai-actions/categories/${alertsId}`, headers, payload: {} })).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await c.app.inject({ method: 'PATCH', url: `/api/admin/ai-actions/categories/${missing}`, headers, payload: { name: 'New' } })).statusCode).toBe(
      404,
    );

    // A category in use cannot be deleted; once empty it can.
    const template = await c.app.inject({
      method: 'POST',
      url: '/api/admin/ai-actions/templates',
      headers,
      payload: { name: 'Capture', actionType: 'data_collection', categoryId: leadsId },
    });
    const inUse = await c.app.inject({ method: 'DELETE', url: `/api/admin/ai-actions/categories/${leadsId}`, headers });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/One action template uses this category/);
    const counted = await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/categories', headers });
    expect(counted.json().items[0]).toMatchObject({ id: leadsId, templateCount: 1 });
    await c.app.inject({ method: 'DELETE', url: `/api/admin/ai-actions/templates/${template.json().id}`, headers });
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/ai-actions/categories/${leadsId}`, headers })).statusCode).toBe(200);
    expect(await c.database.db.select().from(aiActionCategories).where(eq(aiActionCategories.id, leadsId))).toHaveLength(0);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/ai-actions/categories/${leadsId}`, headers })).statusCode).toBe(404);

    for (const action of ['action_category_created', 'action_category_updated', 'action_category_deleted']) {
      expect((await activity(c, action)).length, action).toBeGreaterThan(0);
    }
    await c.database.db.delete(aiActionCategories);
  });

  it('creates a template with defaults, and saves webhooks and event handlers with it', async () => {
    const c = ctx();
    const headers = await developer(c);
    const minimal = await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/templates', headers, payload: { name: 'Ping', actionType: 'webhook' } });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({
      name: 'Ping',
      description: '',
      actionType: 'webhook',
      categoryId: null,
      templateConfig: '{}',
      instructionsTemplate: '',
      icon: 'Zap',
      isFeatured: false,
      isActive: true,
      webhooks: [],
      eventHandlers: [],
    });

    const full = await c.app.inject({
      method: 'POST',
      url: '/api/admin/ai-actions/templates',
      headers,
      payload: {
        name: 'Lead to CRM',
        description: 'Sends new leads to the CRM',
        actionType: 'integration',
        templateConfig: '{ not json',
        instructionsTemplate: 'Ask for the e-mail address first.',
        icon: 'UserCheck',
        isFeatured: true,
        webhooks: [webhook(), { id: 'wh-2', name: 'Defaults', endpointUrl: 'http://hooks.example.com/x' }],
        eventHandlers: [handler(), { id: 'eh-2', name: 'Start', eventType: 'conversation_start' }],
      },
    });
    expect(full.statusCode).toBe(201);
    const saved = full.json();
    // Spec §3: template_config is kept as text when it does not parse.
    expect(saved.templateConfig).toBe('{ not json');
    expect(saved.webhooks).toEqual([
      webhook(),
      {
        id: 'wh-2',
        name: 'Defaults',
        endpointUrl: 'http://hooks.example.com/x',
        method: 'POST',
        headers: {},
        timeoutSeconds: 30,
        retryCount: 3,
        eventTriggers: [],
      },
    ]);
    expect(saved.eventHandlers).toEqual([
      handler(),
      { id: 'eh-2', name: 'Start', eventType: 'conversation_start', condition: '', action: 'webhook_call', payloadMapping: '', isActive: true, priority: 1 },
    ]);
    // Stored with the spec's field names.
    const [row] = await c.database.db.select().from(aiActionTemplates).where(eq(aiActionTemplates.id, saved.id));
    expect(row!.webhooks[0]).toMatchObject({ endpoint_url: 'https://hooks.example.com/lead?key=abc', timeout_seconds: 30, retry_count: 3 });
    expect(row!.eventHandlers[0]).toMatchObject({ event_type: 'user_input', payload_mapping: '{"email": "{{message}}"}', is_active: true });
    expect(row!.createdBy).not.toBeNull();
    const [logged] = await activity(c, 'action_template_created', saved.id);
    expect(logged).toMatchObject({ resourceType: 'ai_action_template', details: expect.objectContaining({ name: 'Lead to CRM', webhooks: 2 }) });
  });

  it('refuses bad templates with 400 and a clear message, changing nothing', async () => {
    const c = ctx();
    const headers = await developer(c);
    const before = await templateCount(c);
    const base = { name: 'Bad', actionType: 'webhook' };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['blank name', { ...base, name: '   ' }, /name: Name is required/],
      ['unknown action type', { ...base, actionType: 'email' }, /Action type must be one of webhook/],
      ['unknown icon', { ...base, icon: 'Rocket' }, /Icon must be one of/],
      ['category not a uuid', { ...base, categoryId: 'abc' }, /categoryId: Invalid id/],
      ['unknown category', { ...base, categoryId: '00000000-0000-4000-8000-000000000000' }, /the chosen category does not exist/],
      ['config too long', { ...base, templateConfig: 'x'.repeat(20_001) }, /Configuration must be at most/],
      ['timeout 0', { ...base, webhooks: [webhook({ timeoutSeconds: 0 })] }, /Timeout must be between 1 and 300 seconds/],
      ['timeout 301', { ...base, webhooks: [webhook({ timeoutSeconds: 301 })] }, /Timeout must be between 1 and 300 seconds/],
      ['timeout fraction', { ...base, webhooks: [webhook({ timeoutSeconds: 2.5 })] }, /whole number/],
      ['retries 11', { ...base, webhooks: [webhook({ retryCount: 11 })] }, /Retry count must be between 0 and 10/],
      ['retries -1', { ...base, webhooks: [webhook({ retryCount: -1 })] }, /Retry count must be between 0 and 10/],
      ['bad method', { ...base, webhooks: [webhook({ method: 'TRACE' })] }, /Method must be one of GET, POST/],
      ['bad trigger', { ...base, webhooks: [webhook({ eventTriggers: ['action.exploded'] })] }, /Event triggers must be among/],
      ['duplicate trigger', { ...base, webhooks: [webhook({ eventTriggers: ['action.failed', 'action.failed'] })] }, /listed only once/],
      ['webhook without name', { ...base, webhooks: [webhook({ name: '' })] }, /Webhook name is required/],
      ['webhook without url', { ...base, webhooks: [webhook({ endpointUrl: '' })] }, /Endpoint URL is required/],
      ['ftp url', { ...base, webhooks: [webhook({ endpointUrl: 'ftp://example.com/x' })] }, /valid http:\/\/ or https:\/\/ address/],
      ['headers an array', { ...base, webhooks: [webhook({ headers: ['a'] })] }, /Headers must be a JSON object/],
      ['headers a string', { ...base, webhooks: [webhook({ headers: '{"a":"b"}' })] }, /Headers must be a JSON object/],
      ['header value a number', { ...base, webhooks: [webhook({ headers: { 'X-N': 1 } })] }, /Header values must be strings/],
      ['header with a line break', { ...base, webhooks: [webhook({ headers: { 'X-A': 'a\r\nX-B: b' } })] }, /may not contain line breaks/],
      ['bad header name', { ...base, webhooks: [webhook({ headers: { 'X A': 'b' } })] }, /is not a valid header name/],
      ['reserved header', { ...base, webhooks: [webhook({ headers: { Host: 'internal' } })] }, /set by the server/],
      ['duplicate webhook ids', { ...base, webhooks: [webhook(), webhook({ name: 'Other' })] }, /Two webhooks have the id "wh-1"/],
      ['webhook id with spaces', { ...base, webhooks: [webhook({ id: 'a b' })] }, /id may contain only/],
      ['priority 0', { ...base, eventHandlers: [handler({ priority: 0 })] }, /Priority must be between 1 and 10/],
      ['priority 11', { ...base, eventHandlers: [handler({ priority: 11 })] }, /Priority must be between 1 and 10/],
      ['bad event type', { ...base, eventHandlers: [handler({ eventType: 'page_view' })] }, /Event type must be one of user_input/],
      ['missing event type', { ...base, eventHandlers: [handler({ eventType: undefined })] }, /Event type must be one of/],
      ['bad handler action', { ...base, eventHandlers: [handler({ action: 'send_fax' })] }, /Action must be one of webhook_call/],
      ['handler without name', { ...base, eventHandlers: [handler({ name: ' ' })] }, /Handler name is required/],
      ['condition too long', { ...base, eventHandlers: [handler({ condition: 'x'.repeat(2001) })] }, /Condition must be at most 2000/],
      ['payload mapping too long', { ...base, eventHandlers: [handler({ payloadMapping: 'x'.repeat(10_001) })] }, /Payload mapping must be at most/],
      ['duplicate handler ids', { ...base, eventHandlers: [handler(), handler()] }, /Two event handlers have the id "eh-1"/],
      ['too many webhooks', { ...base, webhooks: Array.from({ length: 21 }, (_, i) => webhook({ id: `w${i}` })) }, /at most 20 webhooks/],
    ];
    for (const [label, payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/templates', headers, payload });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(message);
    }
    expect(await templateCount(c)).toBe(before);
  });

  it('updates a template, toggles active and featured with their own log entries, and deletes it', async () => {
    const c = ctx();
    const headers = await developer(c);
    const created = (
      await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/templates', headers, payload: { name: 'Notify', actionType: 'notification' } })
    ).json();
    const url = `/api/admin/ai-actions/templates/${created.id}`;

    const updated = await c.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { name: 'Notify team', icon: 'Bell', templateConfig: '{"channel":"#sales"}', webhooks: [webhook()], eventHandlers: [handler()] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Notify team', icon: 'Bell', templateConfig: '{"channel":"#sales"}', actionType: 'notification' });
    expect(updated.json().webhooks).toHaveLength(1);
    expect(new Date(updated.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    const [log] = await activity(c, 'action_template_updated', created.id);
    expect(log!.details).toMatchObject({ name: 'Notify team', fields: expect.arrayContaining(['name', 'icon', 'webhooks', 'eventHandlers']) });
    expect(log!.details.fields).not.toContain('actionType');
    // Saving the dialog unchanged names no changed field.
    await c.app.inject({ method: 'PATCH', url, headers, payload: { name: 'Notify team', actionType: 'notification', webhooks: [webhook()] } });
    const logs = await activity(c, 'action_template_updated', created.id);
    expect(logs.map((l) => l.details.fields)).toContainEqual([]);

    // Partial updates keep the rest; a bad field refuses the whole update.
    const refused = await c.app.inject({ method: 'PATCH', url, headers, payload: { name: 'Changed', webhooks: [webhook({ timeoutSeconds: 301 })] } });
    expect(refused.statusCode).toBe(400);
    const off = await c.app.inject({ method: 'PATCH', url, headers, payload: { isActive: false } });
    expect(off.json()).toMatchObject({ isActive: false, name: 'Notify team', webhooks: [webhook()] });
    const featured = await c.app.inject({ method: 'PATCH', url, headers, payload: { isFeatured: true } });
    expect(featured.json().isFeatured).toBe(true);
    expect(await activity(c, 'action_template_deactivated', created.id)).toHaveLength(1);
    expect(await activity(c, 'action_template_featured', created.id)).toHaveLength(1);
    await c.app.inject({ method: 'PATCH', url, headers, payload: { isActive: true } });
    expect(await activity(c, 'action_template_activated', created.id)).toHaveLength(1);

    expect((await c.app.inject({ method: 'PATCH', url, headers, payload: {} })).statusCode).toBe(400);
    expect((await c.app.inject({ method: 'PATCH', url: '/api/admin/ai-actions/templates/not-a-uuid', headers, payload: { isActive: true } })).statusCode).toBe(
      400,
    );
    const missing = '/api/admin/ai-actions/templates/00000000-0000-4000-8000-000000000000';
    expect((await c.app.inject({ method: 'PATCH', url: missing, headers, payload: { isActive: true } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'DELETE', url: missing, headers })).statusCode).toBe(404);

    expect((await c.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(200);
    expect(await c.database.db.select().from(aiActionTemplates).where(eq(aiActionTemplates.id, created.id))).toHaveLength(0);
    expect(await activity(c, 'action_template_deleted', created.id)).toHaveLength(1);
  });

  it('lists newest first with search and category filters, and counts for the analytics tab', async () => {
    const c = ctx();
    const headers = await developer(c);
    await c.database.db.delete(aiActionTemplates);
    await c.database.db.delete(aiActionCategories);
    const category = async (name: string, sortOrder: number) =>
      (await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/categories', headers, payload: { name, sortOrder } })).json().id as string;
    const leads = await category('Leads', 1);
    const support = await category('Support', 2);
    await category('Empty', 3);
    const make = async (payload: Record<string, unknown>) =>
      (await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/templates', headers, payload })).json().id as string;
    const first = await make({ name: 'Lead form', description: 'Collects 100% of leads', actionType: 'data_collection', categoryId: leads, isFeatured: true });
    const second = await make({ name: 'Ticket', actionType: 'integration', categoryId: support, isActive: false, webhooks: [webhook()] });
    const third = await make({ name: 'Ping', actionType: 'webhook', eventHandlers: [handler(), handler({ id: 'eh-2' })] });

    const list = async (query: string) => (await c.app.inject({ method: 'GET', url: `/api/admin/ai-actions/templates${query}`, headers })).json();
    const all = await list('');
    expect(all.items.map((t: { id: string }) => t.id)).toEqual([third, second, first]);
    expect(all).toMatchObject({ total: 3, limit: 200 });
    expect((await list('?search=TICK')).items.map((t: { id: string }) => t.id)).toEqual([second]);
    expect((await list('?search=100%25')).items.map((t: { id: string }) => t.id)).toEqual([first]);
    expect((await list('?search=%25')).items.map((t: { id: string }) => t.id)).toEqual([first]);
    expect((await list(`?category=${leads}`)).items.map((t: { id: string }) => t.id)).toEqual([first]);
    expect((await list('?category=uncategorized')).items.map((t: { id: string }) => t.id)).toEqual([third]);
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/templates?category=nope', headers })).statusCode).toBe(400);

    const analytics = (await c.app.inject({ method: 'GET', url: '/api/admin/ai-actions/analytics', headers })).json();
    expect(analytics).toMatchObject({ total: 3, active: 2, categories: 3, featured: 1, webhooks: 1, eventHandlers: 2 });
    expect(analytics.byCategory).toEqual([
      { categoryId: leads, name: 'Leads', total: 1, active: 1 },
      { categoryId: support, name: 'Support', total: 1, active: 0 },
      { categoryId: expect.any(String), name: 'Empty', total: 0, active: 0 },
      { categoryId: null, name: 'Uncategorized', total: 1, active: 1 },
    ]);
    expect(analytics.byActionType).toEqual([
      { actionType: 'webhook', total: 1, active: 1 },
      { actionType: 'api_call', total: 0, active: 0 },
      { actionType: 'data_collection', total: 1, active: 1 },
      { actionType: 'notification', total: 0, active: 0 },
      { actionType: 'integration', total: 1, active: 0 },
    ]);
  });
  it('holds at most ACTION_TEMPLATES_MAX templates and ACTION_CATEGORIES_MAX categories: past that, 409 with the reason', async () => {
    const c = ctx();
    const headers = await developer(c);
    const db = c.database.db;
    const tag = `cap-${Date.now()}`;
    const categoriesNow = Number((await db.select({ n: count() }).from(aiActionCategories))[0]?.n ?? 0);
    await db.insert(aiActionCategories).values(Array.from({ length: ACTION_CATEGORIES_MAX - categoriesNow }, (_, i) => ({ name: `${tag} ${i}` })));
    const category = await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/categories', headers, payload: { name: `${tag} one more` } });
    expect(category.statusCode).toBe(409);
    expect(category.json().message).toBe(AI_ACTION_MESSAGES.tooManyCategories);

    await db
      .insert(aiActionTemplates)
      .values(Array.from({ length: ACTION_TEMPLATES_MAX - (await templateCount(c)) }, (_, i) => ({ name: `${tag} ${i}`, actionType: 'webhook' as const })));
    const template = await c.app.inject({
      method: 'POST',
      url: '/api/admin/ai-actions/templates',
      headers,
      payload: { name: `${tag} one more`, actionType: 'webhook' },
    });
    expect(template.statusCode).toBe(409);
    expect(template.json().message).toBe(AI_ACTION_MESSAGES.tooManyTemplates);
    expect(await templateCount(c)).toBe(ACTION_TEMPLATES_MAX);

    await db.delete(aiActionTemplates).where(like(aiActionTemplates.name, `${tag}%`));
    await db.delete(aiActionCategories).where(like(aiActionCategories.name, `${tag}%`));
    const after = await c.app.inject({ method: 'POST', url: '/api/admin/ai-actions/categories', headers, payload: { name: `${tag} fits again` } });
    expect(after.statusCode).toBe(201);
    await db.delete(aiActionCategories).where(like(aiActionCategories.name, `${tag}%`));
  });
});
