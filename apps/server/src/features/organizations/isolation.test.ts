import { NOT_ORGANIZATION_MEMBER_MESSAGE, ORGANIZATION_HEADER } from '@parley/shared/access';
import { eq, getTableColumns, inArray, is, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { analyticsExports, conversations, knowledgeSources, messages, sessions, accounts, userNotifications } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, uniqueEmail, type TestContext } from '../../test/harness';
import { createTeam, inOrganization, invite, type Person, type Team } from '../../test/teams';
import { createTokenPackage } from '../billing/test-support';

/**
 * No member of one organization can read or change another's data through any customer route. The test walks the
 * route table, so a route added later is covered without touching it: every route with access 'user' and a path
 * parameter is called by organization A's owner with organization B's ids, once acting in A and once naming B.
 */

/** Bodies that pass validation, so the call reaches the ownership check (a 400 would prove nothing). */
const SAMPLE_BODIES: Record<string, object> = {
  'PATCH /api/chatbots/:id': { name: 'Taken over' },
  'POST /api/chatbots/:id/sources/text': { name: 'Injected', text: 'Injected text' },
  'POST /api/chatbots/:id/sources/url': { url: 'https://example.com/injected' },
  'POST /api/chatbots/:id/sources/text/estimate': { name: 'Injected', text: 'Injected text' },
  'POST /api/chatbots/:id/sources/url/estimate': { url: 'https://example.com/injected' },
  'POST /api/chatbots/:id/test-chat': { message: 'What is the secret?' },
  'POST /api/chatbots/:id/retrieval-test': { query: 'What is the secret?' },
  'POST /api/chatbots/:id/evaluation-questions': { question: 'What is the secret?' },
  'PUT /api/chatbots/:id/evaluation-questions/:questionId': { question: 'What is the secret?' },
  'POST /api/chatbots/:id/evaluation-questions/from-message': { messageId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/chatbots/:id/actions': {
    name: 'injected',
    description: 'Injected into another organization.',
    url: 'https://example.com/injected',
    parameters: { type: 'object', properties: {} },
  },
  'PATCH /api/chatbots/:id/actions/:actionId': { description: 'Taken over' },
  'POST /api/chatbots/:id/actions/:actionId/test': { arguments: {} },
  'POST /api/chatbots/:id/actions/mcp-tools': { url: 'https://example.com/mcp' },
  'POST /api/handoffs/:id/messages': { content: 'Hello from another organization' },
  'POST /api/handoffs/:id/close': { outcome: 'ended' },
  'PATCH /api/analytics/export-schedules/:id': { isActive: false },
  'PATCH /api/organizations/current/members/:userId': { role: 'admin' },
  'POST /api/billing/sandbox/checkout/:checkoutId/pay': { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  'POST /api/billing/sandbox/checkout/:checkoutId/confirm': { approve: true },
};

function multipartFile() {
  const boundary = '----parleyisolation';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="injected.txt"\r\nContent-Type: text/plain\r\n\r\nInjected\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SECRET_WORDS = ['Beta confidential bot', 'Beta pricing sheet', 'Beta secret question', 'beta-schedule@example.com'];

interface OrganizationB extends Team {
  ids: Record<string, string[]>;
  secrets: string[];
  userIds: string[];
}

/** Organization B with one of everything: chatbot, source, key, conversation and handoff, export, schedule, invitation, notification. */
async function createOrganizationB(c: TestContext): Promise<OrganizationB> {
  const team = await createTeam(c, 'Beta Org');
  const { db } = c.database;
  const as = (person: Person) => inOrganization(person, team.organizationId);
  const bot = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: as(team.admin), payload: { name: SECRET_WORDS[0], status: 'live' } });
  const chatbotId = (bot.json() as { id: string }).id;
  const [source] = await db
    .insert(knowledgeSources)
    .values({ chatbotId, organizationId: team.organizationId, kind: 'text', name: SECRET_WORDS[1]!, status: 'ready', progress: 100 })
    .returning({ id: knowledgeSources.id });
  const key = await c.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(team.admin), payload: { name: 'Beta key' } });
  const asked = await c.app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${chatbotId}/messages`,
    payload: { message: `${SECRET_WORDS[2]}: can I talk to a human?`, visitorId: 'visitor_beta_1' },
  });
  expect(asked.statusCode).toBe(200);
  const handoffs = (await c.app.inject({ method: 'GET', url: '/api/handoffs?status=open', headers: as(team.member) })).json() as { items: { id: string }[] };
  const [conversation] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.chatbotId, chatbotId));
  const messageIds = (await db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversation!.id))).map((m) => m.id);
  const [exported] = await db
    .insert(analyticsExports)
    .values({
      organizationId: team.organizationId,
      report: 'daily',
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      fileName: 'beta.csv',
      status: 'done',
      content: SECRET_WORDS[1],
    })
    .returning({ id: analyticsExports.id });
  const schedule = await c.app.inject({
    method: 'POST',
    url: '/api/analytics/export-schedules',
    headers: as(team.admin),
    payload: { report: 'daily', frequency: 'weekly', recipients: [SECRET_WORDS[3]] },
  });
  const invited = await invite(c, team.owner, team.organizationId, uniqueEmail('beta-invitee'));
  const [notification] = await db
    .insert(userNotifications)
    .values({ userId: team.owner.userId, title: 'Beta', message: SECRET_WORDS[0]! })
    .returning({ id: userNotifications.id });
  // A token checkout the owner started in the sandbox (its id is not a UUID: cs_sandbox_…).
  const tokenPackage = await createTokenPackage(c);
  const checkout = await c.app.inject({
    method: 'POST',
    url: '/api/billing/tokens/checkout',
    headers: as(team.owner),
    payload: { packageId: tokenPackage.id },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const checkoutId = new URL((checkout.json() as { url: string }).url).pathname.split('/').pop()!;
  const userIds = [team.owner.userId, team.admin.userId, team.member.userId];
  const sessionIds = (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, userIds))).map((s) => s.id);
  const accountIds = (await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.userId, userIds))).map((a) => a.id);

  const entityIds = [
    chatbotId,
    source!.id,
    (key.json() as { apiKey: { id: string } }).apiKey.id,
    handoffs.items[0]!.id,
    conversation!.id,
    exported!.id,
    (schedule.json() as { id: string }).id,
    invited.id,
    notification!.id,
  ];
  for (const id of entityIds) expect(id, 'organization B is set up').toMatch(/^[0-9a-f-]{36}$/);
  return {
    ...team,
    userIds,
    // A path parameter gets B's ids of its kind; a parameter not named here gets every id of B.
    ids: {
      id: entityIds,
      sourceId: [source!.id],
      messageId: messageIds,
      userId: userIds,
      sessionId: sessionIds,
      accountId: accountIds,
      checkoutId: [checkoutId],
    },
    secrets: [...SECRET_WORDS, team.owner.email, team.admin.email, team.member.email],
  };
}

/**
 * Request logs are written in batches some time after the response: B's own set-up requests arrive there late. They
 * record calls, they are not B's data (A's calls are logged under A's user).
 */
const TELEMETRY_TABLES = new Set(['apiRequests']);

/** Every row of B: rows of any table with an organization_id of B, rows of B's people, and the messages of B's conversations. */
async function snapshotOf(c: TestContext, b: OrganizationB): Promise<string[]> {
  const { db } = c.database;
  const parts: string[] = [];
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable) || TELEMETRY_TABLES.has(name)) continue;
    const columns = getTableColumns(table) as Record<string, Column>;
    const filters = [
      columns.organizationId ? eq(columns.organizationId, b.organizationId) : undefined,
      columns.userId ? inArray(columns.userId, b.userIds) : undefined,
    ].filter((f) => f !== undefined);
    for (const filter of filters) {
      const rows = await db.select().from(table).where(filter);
      parts.push(...rows.map((row) => `${name}: ${JSON.stringify(row)}`).sort());
    }
  }
  const bConversations = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.organizationId, b.organizationId));
  const rows = await db
    .select()
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        bConversations.map((row) => row.id),
      ),
    );
  parts.push(...rows.map((row) => `messages: ${JSON.stringify(row)}`).sort());
  const [organization] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, b.organizationId));
  parts.push(`organization: ${JSON.stringify(organization)}`);
  return parts;
}

/**
 * The snapshot once nothing moves any more: some records (request logs) are written just after a response, and B's own
 * set-up requests must not count as a change made by A.
 */
async function settledSnapshotOf(c: TestContext, b: OrganizationB): Promise<string[]> {
  let previous = await snapshotOf(c, b);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = await snapshotOf(c, b);
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  return previous;
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Every combination of B's ids for a route's path parameters (a parameter not in the table gets B's entity ids). */
function urlsFor(pattern: string, ids: Record<string, string[]>): string[] {
  let urls = [pattern];
  for (const param of paramsOf(pattern)) {
    const candidates = ids[param] ?? ids.id!;
    urls = urls.flatMap((url) => candidates.map((id) => url.replace(`:${param}`, id)));
  }
  return urls;
}

describeEachDatabase('organization isolation: nobody reads or changes another organization’s data through any customer route', (ctx) => {
  it('every customer route with an id, called by organization A with B’s ids (acting in A, and naming B), finds nothing and changes nothing', async () => {
    const c = ctx();
    const a = await createTeam(c, 'Alpha Org');
    const b = await createOrganizationB(c);
    const before = await settledSnapshotOf(c, b);

    const routes = c.app.routeTable.filter((route) => route.access === 'user' && route.url.includes('/:') && route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    const notExercised: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      for (const url of urlsFor(route.url, b.ids)) {
        for (const acting of ['A', 'B'] as const) {
          const organizationId = acting === 'A' ? a.organizationId : b.organizationId;
          const file = route.url.endsWith('/sources/file') || route.url.endsWith('/sources/file/estimate') ? multipartFile() : null;
          const response = await c.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie: a.owner.cookie, [ORGANIZATION_HEADER]: organizationId, origin: 'http://localhost:3000', ...file?.headers },
            ...(route.method === 'GET' ? {} : { payload: file ? file.payload : (SAMPLE_BODIES[key] ?? {}) }),
          });
          calls += 1;
          const label = `${key} as A's owner acting in ${acting} → ${response.statusCode} ${response.body.slice(0, 160)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          for (const secret of b.secrets) expect(response.body.includes(secret), `${label} reveals "${secret}"`).toBe(false);
          if (response.statusCode === 400) {
            // An id of the wrong shape for this route (a parameter not in the table): refused before anything is read.
            const message = (response.json() as { message: string }).message;
            if (paramsOf(route.url).some((param) => !(param in b.ids) && message.startsWith(`${param}:`))) continue;
            notExercised.push(label);
            continue;
          }
          expect([403, 404], label).toContain(response.statusCode);
          if (acting === 'B' && route.orgRole) expect((response.json() as { message: string }).message, label).toBe(NOT_ORGANIZATION_MEMBER_MESSAGE);
        }
      }
    }
    // A 400 means the call stopped at validation and never reached the ownership check: give the route a sample body.
    expect(notExercised, 'routes to add to SAMPLE_BODIES').toEqual([]);
    expect(calls).toBeGreaterThan(routes.length);
    expect(await settledSnapshotOf(c, b)).toEqual(before);

    // And B itself still sees all of it.
    const own = await c.app.inject({ method: 'GET', url: '/api/chatbots', headers: inOrganization(b.member, b.organizationId) });
    expect(own.body).toContain(SECRET_WORDS[0]);
    const stranger = await createSignedInUser(c);
    expect((await c.app.inject({ method: 'GET', url: '/api/chatbots', headers: inOrganization(stranger, b.organizationId) })).statusCode).toBe(403);
  }, 240_000);
});
