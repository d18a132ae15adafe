import { BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES, BEHAVIOR_TEMPLATES_MAX } from '@parley/shared/contracts/behavior-templates';
import { SYSTEM_PROMPT_MAX } from '@parley/shared/contracts/chatbots';
import { and, count, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, behaviorTemplates } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const BASE = '/api/admin/behavior-templates';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface Template {
  id: string;
  name: string;
  description: string;
  systemPrompt: string;
  isDefault: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

const activityFor = async (c: TestContext, action: string, resourceId: string) =>
  c.database.db
    .select()
    .from(adminActivityLogs)
    .where(and(eq(adminActivityLogs.action, action), eq(adminActivityLogs.resourceId, resourceId)));

const defaults = async (c: TestContext) => c.database.db.select().from(behaviorTemplates).where(eq(behaviorTemplates.isDefault, true));
const templateCount = async (c: TestContext) => Number((await c.database.db.select({ n: count() }).from(behaviorTemplates))[0]?.n ?? 0);

async function create(c: TestContext, cookie: string, body: Record<string, unknown>) {
  const response = await c.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Template;
}

describeEachDatabase('behavior templates', (ctx) => {
  it('appears in the OpenAPI document with its request bodies', async () => {
    const spec = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/admin/behavior-templates', '/api/admin/behavior-templates/{id}/default', '/api/behavior-templates/active']),
    );
    expect(spec.paths[BASE].post.requestBody).toBeDefined();
  });

  it('starts with the seeded default, lists the default first, and creates, edits and deletes templates with an audit trail', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };

    const initial = await c.app.inject({ method: 'GET', url: BASE, headers });
    expect(initial.statusCode).toBe(200);
    const seeded = (initial.json().items as Template[])[0]!;
    expect(seeded).toMatchObject({ name: 'Helpful support assistant', isDefault: true, isActive: true });

    const first = await create(c, admin.cookie, { name: '  Sales assistant ', description: 'Upbeat', systemPrompt: ' Sell politely. ' });
    expect(first).toMatchObject({ name: 'Sales assistant', description: 'Upbeat', systemPrompt: 'Sell politely.', isDefault: false, isActive: true });
    const second = await create(c, admin.cookie, { name: 'Quiet helper', systemPrompt: 'Be brief.', isActive: false });
    expect(second).toMatchObject({ description: '', isActive: false, isDefault: false });
    const [createdLog] = await activityFor(c, 'behavior_template_created', first.id);
    expect(createdLog).toMatchObject({ resourceType: 'behavior_template', adminUserId: admin.userId });

    // Default first, then newest first.
    const listed = (await c.app.inject({ method: 'GET', url: BASE, headers })).json().items as Template[];
    expect(listed.slice(0, 3).map((t) => t.id)).toEqual([seeded.id, second.id, first.id]);

    const patched = await c.app.inject({ method: 'PATCH', url: `${BASE}/${first.id}`, headers, payload: { systemPrompt: 'Sell very politely.' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Sales assistant', systemPrompt: 'Sell very politely.' });
    expect(Date.parse(patched.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(patched.json().updatedAt).not.toBe(first.updatedAt);
    expect((await activityFor(c, 'behavior_template_updated', first.id))[0]?.details).toMatchObject({ changed: ['systemPrompt'] });

    const removed = await c.app.inject({ method: 'DELETE', url: `${BASE}/${second.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await c.database.db.select().from(behaviorTemplates).where(eq(behaviorTemplates.id, second.id))).toHaveLength(0);
    expect(await activityFor(c, 'behavior_template_deleted', second.id)).toHaveLength(1);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${second.id}`, headers })).statusCode).toBe(404);
  });

  it('setting a default moves the flag in one step, logs it, and the default can be neither deleted nor deactivated', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const [previous] = await defaults(c);
    const next = await create(c, admin.cookie, { name: 'Formal', systemPrompt: 'Answer formally.' });

    const set = await c.app.inject({ method: 'POST', url: `${BASE}/${next.id}/default`, headers });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: next.id, isDefault: true });
    expect((await defaults(c)).map((t) => t.id)).toEqual([next.id]);
    const [log] = await activityFor(c, 'behavior_template_set_default', next.id);
    expect(log?.details).toMatchObject({ name: 'Formal', previous_default_id: previous!.id });
    const listed = (await c.app.inject({ method: 'GET', url: BASE, headers })).json().items as Template[];
    expect(listed[0]!.id).toBe(next.id);
    expect(listed.filter((t) => t.isDefault)).toHaveLength(1);

    // A chatbot created without a prompt (through the API) starts from the default template; one with a prompt keeps it.
    const customer = await createSignedInUser(c);
    const bare = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: customer.cookie }, payload: { name: 'Bare' } });
    expect(bare.json().systemPrompt).toBe('Answer formally.');
    const own = await c.app.inject({
      method: 'POST',
      url: '/api/chatbots',
      headers: { cookie: customer.cookie },
      payload: { name: 'Own', systemPrompt: 'Be brief.' },
    });
    expect(own.json().systemPrompt).toBe('Be brief.');

    // Setting the default again changes nothing.
    const again = await c.app.inject({ method: 'POST', url: `${BASE}/${next.id}/default`, headers });
    expect(again.statusCode).toBe(200);
    expect(await activityFor(c, 'behavior_template_set_default', next.id)).toHaveLength(1);

    const del = await c.app.inject({ method: 'DELETE', url: `${BASE}/${next.id}`, headers });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MESSAGES.defaultNotDeletable);
    const deactivate = await c.app.inject({ method: 'PATCH', url: `${BASE}/${next.id}`, headers, payload: { isActive: false } });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe(MESSAGES.defaultNotDeactivatable);
    expect((await defaults(c)).map((t) => ({ id: t.id, isActive: t.isActive }))).toEqual([{ id: next.id, isActive: true }]);

    // An inactive template cannot become the default.
    const inactive = await create(c, admin.cookie, { name: 'Off', systemPrompt: 'Off.', isActive: false });
    const refused = await c.app.inject({ method: 'POST', url: `${BASE}/${inactive.id}/default`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.inactiveNotDefault);
    expect((await defaults(c)).map((t) => t.id)).toEqual([next.id]);

    // The old default is an ordinary template again: it may be deleted.
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/${previous!.id}`, headers })).statusCode).toBe(200);
  });

  it('an edit made on a version another admin has saved since is refused with 409; setting the default in between is not an edit', async () => {
    const c = ctx();
    const first = await createAdmin(c, 'system_admin');
    const second = await createAdmin(c, 'system_admin');
    const opened = await create(c, first.cookie, { name: 'Concierge', systemPrompt: 'Greet every guest by name.' });
    const patch = (cookie: string, body: Record<string, unknown>) =>
      c.app.inject({ method: 'PATCH', url: `${BASE}/${opened.id}`, headers: { cookie }, payload: body });

    // Another admin makes it the default while this one edits: no conflict, the version stays.
    const madeDefault = await c.app.inject({ method: 'POST', url: `${BASE}/${opened.id}/default`, headers: { cookie: second.cookie } });
    expect(madeDefault.statusCode, madeDefault.body).toBe(200);
    expect(madeDefault.json().updatedAt).toBe(opened.updatedAt);

    const theirs = await patch(second.cookie, { systemPrompt: 'Greet every guest by name, in their language.', expectedUpdatedAt: opened.updatedAt });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const mine = await patch(first.cookie, { name: 'Concierge', systemPrompt: 'Greet guests.', expectedUpdatedAt: opened.updatedAt });
    expect(mine.statusCode, mine.body).toBe(409);
    expect(mine.json().message).toContain('Another administrator saved this template at');
    const [stored] = await c.database.db.select().from(behaviorTemplates).where(eq(behaviorTemplates.id, opened.id));
    expect(stored!.systemPrompt).toBe('Greet every guest by name, in their language.');

    const again = await patch(first.cookie, { systemPrompt: 'Greet guests.', expectedUpdatedAt: theirs.json().updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect((await patch(first.cookie, { expectedUpdatedAt: again.json().updatedAt })).json().message).toContain('Nothing to update');
  });

  it('20 concurrent set-default calls all succeed and leave exactly one default', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const candidates: Template[] = [];
    for (let i = 0; i < 5; i++) candidates.push(await create(c, admin.cookie, { name: `Race ${i}`, systemPrompt: `Prompt ${i}` }));
    const calls = Array.from({ length: 20 }, (_, i) =>
      c.app.inject({ method: 'POST', url: `${BASE}/${candidates[i % candidates.length]!.id}/default`, headers: { cookie: admin.cookie } }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const after = await defaults(c);
    expect(after).toHaveLength(1);
    expect(candidates.map((t) => t.id)).toContain(after[0]!.id);
    // Every call answered with the template it made default, and the list agrees with the table.
    for (const [i, r] of results.entries()) expect(r.json()).toMatchObject({ id: candidates[i % candidates.length]!.id, isDefault: true });
    const listed = (await c.app.inject({ method: 'GET', url: BASE, headers: { cookie: admin.cookie } })).json().items as Template[];
    expect(listed.filter((t) => t.isDefault).map((t) => t.id)).toEqual([after[0]!.id]);
  });

  it('bad input gets 400 with a clear message and changes nothing', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const target = await create(c, admin.cookie, { name: 'Target', systemPrompt: 'Target prompt.' });
    const before = await templateCount(c);

    const cases: { method: 'POST' | 'PATCH'; url: string; payload: unknown; message: string }[] = [
      { method: 'POST', url: BASE, payload: {}, message: MESSAGES.required },
      { method: 'POST', url: BASE, payload: { name: 'No prompt' }, message: MESSAGES.required },
      { method: 'POST', url: BASE, payload: { name: '   ', systemPrompt: 'x' }, message: MESSAGES.required },
      { method: 'POST', url: BASE, payload: { name: 'x', systemPrompt: ' \n ' }, message: MESSAGES.required },
      { method: 'POST', url: BASE, payload: { name: 'x'.repeat(101), systemPrompt: 'x' }, message: 'name: Name must be at most 100 characters' },
      {
        method: 'POST',
        url: BASE,
        payload: { name: 'x', systemPrompt: 'x', description: 'd'.repeat(501) },
        message: 'Description must be at most 500 characters',
      },
      {
        method: 'POST',
        url: BASE,
        payload: { name: 'x', systemPrompt: 'p'.repeat(SYSTEM_PROMPT_MAX + 1) },
        message: `System prompt must be at most ${SYSTEM_PROMPT_MAX} characters`,
      },
      { method: 'POST', url: BASE, payload: { name: 'x', systemPrompt: 'x', isActive: 'yes' }, message: 'isActive' },
      { method: 'POST', url: BASE, payload: { name: 42, systemPrompt: 'x' }, message: 'name' },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: {}, message: 'Nothing to update' },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: { name: '  ' }, message: MESSAGES.required },
      { method: 'PATCH', url: `${BASE}/${target.id}`, payload: { systemPrompt: '' }, message: MESSAGES.required },
      { method: 'PATCH', url: `${BASE}/not-a-uuid`, payload: { name: 'x' }, message: 'Invalid id: must be a UUID' },
    ];
    for (const { method, url, payload, message } of cases) {
      const response = await c.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(response.json().message).toContain(message);
    }
    // The spec's sentence arrives exactly as written.
    expect((await c.app.inject({ method: 'POST', url: BASE, headers, payload: { name: 'x' } })).json().message).toBe(MESSAGES.required);
    const badJson = await c.app.inject({ method: 'POST', url: BASE, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(badJson.statusCode).toBe(400);
    expect((await c.app.inject({ method: 'DELETE', url: `${BASE}/123`, headers })).statusCode).toBe(400);
    expect((await c.app.inject({ method: 'POST', url: `${BASE}/123/default`, headers })).statusCode).toBe(400);

    for (const [method, url] of [
      ['PATCH', `${BASE}/${MISSING_ID}`],
      ['DELETE', `${BASE}/${MISSING_ID}`],
      ['POST', `${BASE}/${MISSING_ID}/default`],
    ] as const) {
      const response = await c.app.inject({ method, url, headers, ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}) });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.notFound);
    }
    expect(await templateCount(c)).toBe(before);
    const [unchanged] = await c.database.db.select().from(behaviorTemplates).where(eq(behaviorTemplates.id, target.id));
    expect(unchanged).toMatchObject({ name: 'Target', systemPrompt: 'Target prompt.' });
  });

  it('only system admins manage templates; signed-in customers read the active ones, the default first', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const active = await create(c, admin.cookie, { name: 'AAA visible', systemPrompt: 'Visible prompt.' });
    const hidden = await create(c, admin.cookie, { name: 'AAA hidden', systemPrompt: 'Hidden prompt.', isActive: false });
    const target = await create(c, admin.cookie, { name: 'Untouched', systemPrompt: 'Untouched prompt.' });

    const customer = await createSignedInUser(c);
    for (const role of ['customer', 'support', 'developer'] as const) {
      const cookie = role === 'customer' ? customer.cookie : (await createAdmin(c, role)).cookie;
      const calls = [
        c.app.inject({ method: 'GET', url: BASE, headers: { cookie } }),
        c.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: { name: 'x', systemPrompt: 'x' } }),
        c.app.inject({ method: 'PATCH', url: `${BASE}/${target.id}`, headers: { cookie }, payload: { name: 'Hacked' } }),
        c.app.inject({ method: 'DELETE', url: `${BASE}/${target.id}`, headers: { cookie } }),
        c.app.inject({ method: 'POST', url: `${BASE}/${target.id}/default`, headers: { cookie } }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
    }
    expect((await c.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const [still] = await c.database.db.select().from(behaviorTemplates).where(eq(behaviorTemplates.id, target.id));
    expect(still).toMatchObject({ name: 'Untouched', isDefault: false });

    const options = await c.app.inject({ method: 'GET', url: '/api/behavior-templates/active', headers: { cookie: customer.cookie } });
    expect(options.statusCode).toBe(200);
    const items = options.json().items as { id: string; name: string; systemPrompt: string; isDefault: boolean }[];
    expect(items[0]!.isDefault).toBe(true);
    expect(items.filter((t) => t.isDefault)).toHaveLength(1);
    expect(items.map((t) => t.id)).toContain(active.id);
    expect(items.map((t) => t.id)).not.toContain(hidden.id);
    expect(Object.keys(items[0]!).sort()).toEqual(['description', 'id', 'isDefault', 'name', 'systemPrompt']);
    // After the default, by name.
    const rest = items.slice(1).map((t) => t.name);
    expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await c.app.inject({ method: 'GET', url: '/api/behavior-templates/active' })).statusCode).toBe(401);
  });

  it('when no default exists the next template created becomes it (and is active); the catalogue is bounded', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const { db } = c.database;
    await db.update(behaviorTemplates).set({ isDefault: false });
    const created = await create(c, admin.cookie, { name: 'Rescue', systemPrompt: 'Rescue prompt.', isActive: false });
    expect(created).toMatchObject({ isDefault: true, isActive: true });
    expect((await defaults(c)).map((t) => t.id)).toEqual([created.id]);
    const following = await create(c, admin.cookie, { name: 'Following', systemPrompt: 'Following prompt.' });
    expect(following.isDefault).toBe(false);

    const existing = await templateCount(c);
    const filler = Array.from({ length: BEHAVIOR_TEMPLATES_MAX - existing }, (_, i) => ({ name: `Filler ${i}`, systemPrompt: 'x' }));
    const inserted = filler.length ? await db.insert(behaviorTemplates).values(filler).returning({ id: behaviorTemplates.id }) : [];
    const full = await c.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin.cookie }, payload: { name: 'One too many', systemPrompt: 'x' } });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(MESSAGES.tooMany);
    expect(await templateCount(c)).toBe(BEHAVIOR_TEMPLATES_MAX);
    if (inserted.length)
      await db.delete(behaviorTemplates).where(
        inArray(
          behaviorTemplates.id,
          inserted.map((r) => r.id),
        ),
      );
  });
});
