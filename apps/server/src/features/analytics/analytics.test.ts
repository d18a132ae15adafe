import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { analyticsExports, analyticsExportSchedules, chatStatsHourly, organizationMembers, questionStatsDaily } from '../../db/schema/index';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { backfillChatStatsIfEmpty, rebuildChatStats } from './rebuild';
import { createBot, createOwner, seedConversation, type Owner } from './test-fixtures';

const ZERO_DAY = { conversations: 0, questions: 0, answered: 0, declined: 0, handoffs: 0, errors: 0, tokens: 0, thumbsUp: 0, thumbsDown: 0 };

/**
 * Europe/Amsterdam, 28–30 March 2026: summer time starts on the 29th (01:00 UTC), so the first
 * conversation (23:30 UTC, +1) and the third (22:30 UTC, +2) both fall at 00:30 local time.
 */
async function seed(c: TestContext, org: Owner, bots: { a: string; b: string }, other: { org: Owner; bot: string }) {
  const { db } = c.database;
  const ids = { organizationId: org.organizationId };
  // In the period, day 28 (local).
  await seedConversation(db, {
    ...ids,
    chatbotId: bots.a,
    channel: 'widget',
    startedAt: '2026-03-27T23:30:00Z',
    messages: [
      { role: 'user', at: '2026-03-27T23:30:00Z', tokens: 10, questionKey: 'refund', content: 'How do refunds work?', isAnswered: true },
      { role: 'assistant', at: '2026-03-27T23:30:05Z', tokens: 50, outcome: 'answered', latencyMs: 1000, rating: 1 },
      { role: 'user', at: '2026-03-28T00:10:00Z', tokens: 5, questionKey: 'refund', content: 'refund?', isAnswered: false },
      { role: 'assistant', at: '2026-03-28T01:05:00Z', tokens: 20, outcome: 'declined', latencyMs: 3000, rating: -1 },
      // Agent and system messages are not the bot's: their tokens do not count.
      { role: 'agent', at: '2026-03-28T01:06:00Z', tokens: 99 },
      { role: 'system', at: '2026-03-28T01:07:00Z', tokens: 99 },
    ],
  });
  // The owner's test chat never counts, handoff included.
  await seedConversation(db, {
    ...ids,
    chatbotId: bots.a,
    channel: 'test',
    startedAt: '2026-03-28T10:00:00Z',
    messages: [
      { role: 'user', at: '2026-03-28T10:00:00Z', tokens: 100, questionKey: 'secret', content: 'test question', isAnswered: true },
      { role: 'assistant', at: '2026-03-28T10:00:01Z', tokens: 100, outcome: 'answered', latencyMs: 10, rating: 1 },
    ],
    handoffsAt: ['2026-03-28T10:00:02Z'],
  });
  // Day 30 (local), chatbot B through the API: an error, a handoff and the monthly limit.
  await seedConversation(db, {
    ...ids,
    chatbotId: bots.b,
    channel: 'api',
    startedAt: '2026-03-29T22:30:00Z',
    messages: [
      { role: 'user', at: '2026-03-29T22:30:00Z', tokens: 7, questionKey: 'hour open', content: 'When are you open?', isAnswered: false },
      { role: 'assistant', at: '2026-03-29T22:30:02Z', outcome: 'error', latencyMs: 1500 },
      { role: 'user', at: '2026-03-29T22:31:00Z', tokens: 3, content: 'I want a person' },
      { role: 'assistant', at: '2026-03-29T22:31:01Z', outcome: 'handoff' },
      { role: 'user', at: '2026-03-29T22:32:00Z', tokens: 4, questionKey: 'hour open', content: 'Opening hours?', isAnswered: false },
      { role: 'assistant', at: '2026-03-29T22:32:01Z', outcome: 'limited' },
    ],
    handoffsAt: ['2026-03-29T22:31:01Z'],
  });
  // The previous period (day 27 local) and the day after the period (31 local).
  await seedConversation(db, {
    ...ids,
    chatbotId: bots.a,
    channel: 'widget',
    startedAt: '2026-03-27T22:30:00Z',
    messages: [
      { role: 'user', at: '2026-03-27T22:30:00Z', tokens: 2, questionKey: 'refund', content: 'Refunds please', isAnswered: true },
      { role: 'assistant', at: '2026-03-27T22:30:01Z', tokens: 8, outcome: 'answered', latencyMs: 500 },
    ],
  });
  await seedConversation(db, {
    ...ids,
    chatbotId: bots.a,
    channel: 'widget',
    startedAt: '2026-03-30T22:30:00Z',
    messages: [
      { role: 'user', at: '2026-03-30T22:30:00Z', tokens: 1, questionKey: 'price', content: 'What is the price?', isAnswered: true },
      { role: 'assistant', at: '2026-03-30T22:30:01Z', tokens: 1, outcome: 'answered', latencyMs: 100 },
    ],
  });
  // Another organization, same days.
  await seedConversation(db, {
    organizationId: other.org.organizationId,
    chatbotId: other.bot,
    channel: 'widget',
    startedAt: '2026-03-28T12:00:00Z',
    messages: [
      { role: 'user', at: '2026-03-28T12:00:00Z', tokens: 1000, questionKey: 'refund', content: 'OTHER ORG refund', isAnswered: true },
      { role: 'assistant', at: '2026-03-28T12:00:01Z', tokens: 1000, outcome: 'answered', latencyMs: 9999, rating: 1 },
    ],
    handoffsAt: ['2026-03-28T12:00:02Z'],
  });
  await rebuildChatStats(db, { organizationId: org.organizationId });
  await rebuildChatStats(db, { organizationId: other.org.organizationId });
}

describeEachDatabase('customer analytics', (ctx) => {
  let org: Owner;
  let other: Owner;
  const bots = { a: '', b: '', idle: '', other: '' };
  const get = (owner: Owner, url: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  const period = 'from=2026-03-28&to=2026-03-30&tz=Europe/Amsterdam';

  beforeAll(async () => {
    const c = ctx();
    org = await createOwner(c);
    other = await createOwner(c);
    bots.a = await createBot(c, org, 'Support bot');
    bots.b = await createBot(c, org, 'Sales bot');
    bots.idle = await createBot(c, org, 'Idle bot');
    bots.other = await createBot(c, other, 'Their bot');
    await seed(c, org, bots, { org: other, bot: bots.other });
  });

  it('sums the period in the caller’s time zone, with the previous period, every day and hour (zeros included) and each chatbot', async () => {
    const response = await get(org, `/api/analytics/summary?${period}`);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.period).toEqual({ from: '2026-03-28', to: '2026-03-30', tz: 'Europe/Amsterdam', days: 3 });
    expect(summary.totals).toEqual({
      conversations: 2,
      questions: 5,
      answered: 1,
      declined: 2,
      handoffs: 1,
      errors: 1,
      tokens: 99,
      thumbsUp: 1,
      thumbsDown: 1,
      answerRate: 0.2,
      avgLatencyMs: 2000,
      satisfaction: 0.5,
    });
    expect(summary.previousTotals).toEqual({
      ...ZERO_DAY,
      conversations: 1,
      questions: 1,
      answered: 1,
      tokens: 10,
      answerRate: 1,
      avgLatencyMs: 500,
      satisfaction: null,
    });
    expect(summary.daily).toEqual([
      { date: '2026-03-28', conversations: 1, questions: 2, answered: 1, declined: 1, handoffs: 0, errors: 0, tokens: 85, thumbsUp: 1, thumbsDown: 1 },
      { date: '2026-03-29', ...ZERO_DAY },
      { date: '2026-03-30', conversations: 1, questions: 3, answered: 0, declined: 1, handoffs: 1, errors: 1, tokens: 14, thumbsUp: 0, thumbsDown: 0 },
    ]);
    expect(summary.hourly).toHaveLength(24);
    expect(summary.hourly.map((h: { hour: number }) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const busy = summary.hourly.filter((h: { conversations: number; questions: number }) => h.conversations || h.questions);
    expect(busy).toEqual([
      { hour: 0, conversations: 2, questions: 4 },
      { hour: 2, conversations: 0, questions: 1 },
    ]);
    expect(summary.chatbots).toEqual([
      { chatbotId: bots.b, name: 'Sales bot', conversations: 1, questions: 3, answerRate: 0, avgLatencyMs: null, tokens: 14, thumbsUp: 0, thumbsDown: 0 },
      { chatbotId: bots.a, name: 'Support bot', conversations: 1, questions: 2, answerRate: 0.5, avgLatencyMs: 2000, tokens: 85, thumbsUp: 1, thumbsDown: 1 },
    ]);
  });

  it('in UTC the same messages fall on other days and hours', async () => {
    const summary = (await get(org, '/api/analytics/summary?from=2026-03-28&to=2026-03-30')).json();
    expect(summary.period.tz).toBe('UTC');
    // 23:30 UTC on the 27th is outside, 22:30 UTC on the 30th inside; the answer at 01:05 UTC on the 28th is inside.
    expect(summary.totals).toMatchObject({ conversations: 2, questions: 5, answered: 1, declined: 2, tokens: 41 });
    expect(summary.daily.map((d: { date: string; questions: number }) => [d.date, d.questions])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 3],
      ['2026-03-30', 1],
    ]);
    expect(summary.hourly.filter((h: { questions: number }) => h.questions)).toEqual([
      { hour: 1, conversations: 0, questions: 1 },
      { hour: 22, conversations: 2, questions: 4 },
    ]);
  });

  it('filters to one chatbot; a chatbot without activity is listed with zeros', async () => {
    const sales = (await get(org, `/api/analytics/summary?${period}&chatbotId=${bots.b}`)).json();
    expect(sales.totals).toMatchObject({ conversations: 1, questions: 3, tokens: 14, handoffs: 1 });
    expect(sales.chatbots.map((b: { chatbotId: string }) => b.chatbotId)).toEqual([bots.b]);

    const idle = (await get(org, `/api/analytics/summary?${period}&chatbotId=${bots.idle}`)).json();
    expect(idle.totals).toEqual({ ...ZERO_DAY, answerRate: null, avgLatencyMs: null, satisfaction: null });
    expect(idle.daily).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'].map((date) => ({ date, ...ZERO_DAY })));
    expect(idle.chatbots).toEqual([
      { chatbotId: bots.idle, name: 'Idle bot', conversations: 0, questions: 0, answerRate: null, avgLatencyMs: null, tokens: 0, thumbsUp: 0, thumbsDown: 0 },
    ]);
  });

  it('lists the top questions over UTC days: grouped by key, latest wording, most asked first', async () => {
    const top = await get(org, '/api/analytics/top-questions?from=2026-03-28&to=2026-03-30&tz=Europe/Amsterdam');
    expect(top.statusCode).toBe(200);
    expect(top.json().items).toEqual([
      { question: 'Opening hours?', asked: 2, answered: 0, lastAskedAt: '2026-03-29T22:32:00.000Z' },
      { question: 'What is the price?', asked: 1, answered: 1, lastAskedAt: '2026-03-30T22:30:00.000Z' },
      { question: 'refund?', asked: 1, answered: 0, lastAskedAt: '2026-03-28T00:10:00.000Z' },
    ]);
    const wider = (await get(org, '/api/analytics/top-questions?from=2026-03-27&to=2026-03-30&limit=1')).json();
    expect(wider.items).toEqual([{ question: 'refund?', asked: 3, answered: 2, lastAskedAt: '2026-03-28T00:10:00.000Z' }]);
    const forBot = (await get(org, `/api/analytics/top-questions?from=2026-03-27&to=2026-03-30&chatbotId=${bots.b}`)).json();
    expect(forBot.items.map((q: { question: string }) => q.question)).toEqual(['Opening hours?']);
    // Year 0 (which PostgreSQL refuses) and years Date.UTC misreads are refused as bad input, not answered 500.
    for (const from of ['0000-01-01', '0099-01-01', '1969-12-31']) {
      const refused = await get(org, `/api/analytics/top-questions?from=${from}&to=2026-03-30`);
      expect(refused.statusCode, from).toBe(400);
      expect(refused.json().message).toContain('Dates must be from 1970-01-01 on');
    }
  });

  it('another organization’s data never appears, and its chatbots and exports are “not found”', async () => {
    const theirs = (await get(other, `/api/analytics/summary?${period}`)).json();
    expect(theirs.totals).toMatchObject({ conversations: 1, questions: 1, answered: 1, handoffs: 1, tokens: 2000 });
    expect(theirs.chatbots.map((b: { chatbotId: string }) => b.chatbotId)).toEqual([bots.other]);
    expect((await get(other, `/api/analytics/top-questions?${period}`)).json().items).toEqual([
      { question: 'OTHER ORG refund', asked: 1, answered: 1, lastAskedAt: '2026-03-28T12:00:00.000Z' },
    ]);

    for (const url of [`/api/analytics/summary?${period}&chatbotId=${bots.a}`, `/api/analytics/top-questions?${period}&chatbotId=${bots.a}`]) {
      const response = await get(other, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Chatbot not found.');
    }
    const c = ctx();
    const exportAttempt = await c.app.inject({
      method: 'POST',
      url: '/api/analytics/exports',
      headers: { cookie: other.cookie },
      payload: { report: 'daily', from: '2026-03-28', to: '2026-03-30', chatbotId: bots.a },
    });
    expect(exportAttempt.statusCode).toBe(404);
    const scheduleAttempt = await c.app.inject({
      method: 'POST',
      url: '/api/analytics/export-schedules',
      headers: { cookie: other.cookie },
      payload: { report: 'daily', frequency: 'daily', chatbotId: bots.a, recipients: ['x@example.com'] },
    });
    expect(scheduleAttempt.statusCode).toBe(404);

    // Their exports and schedules are invisible to us, and ours to them.
    const [mine] = await c.database.db
      .insert(analyticsExports)
      .values({
        organizationId: org.organizationId,
        report: 'daily',
        fromDate: '2026-03-28',
        toDate: '2026-03-30',
        fileName: 'x.csv',
        status: 'done',
        content: 'a',
      })
      .returning();
    const [schedule] = await c.database.db
      .insert(analyticsExportSchedules)
      .values({ organizationId: org.organizationId, report: 'daily', frequency: 'daily', recipients: ['a@example.com'], nextRunAt: new Date('2100-01-01') })
      .returning();
    for (const [method, url] of [
      ['GET', `/api/analytics/exports/${mine!.id}`],
      ['GET', `/api/analytics/exports/${mine!.id}/download`],
      ['DELETE', `/api/analytics/exports/${mine!.id}`],
      ['PATCH', `/api/analytics/export-schedules/${schedule!.id}`],
      ['DELETE', `/api/analytics/export-schedules/${schedule!.id}`],
    ] as const) {
      const response = await c.app.inject({ method, url, headers: { cookie: other.cookie }, ...(method === 'PATCH' ? { payload: { isActive: false } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(other, '/api/analytics/exports')).json()).toMatchObject({ items: [], total: 0 });
    expect((await get(other, '/api/analytics/export-schedules')).json()).toEqual({ items: [] });
    expect((await get(org, `/api/analytics/exports/${mine!.id}`)).statusCode).toBe(200);
    const [still] = await c.database.db.select().from(analyticsExportSchedules).where(eq(analyticsExportSchedules.id, schedule!.id));
    expect(still?.isActive).toBe(true);
  });

  it('answers 400 to a bad period, zone, id or limit, and changes nothing', async () => {
    const c = ctx();
    const exportsBefore = await c.database.db.select({ n: count() }).from(analyticsExports);
    const schedulesBefore = await c.database.db.select({ n: count() }).from(analyticsExportSchedules);
    const bad = [
      'from=2026-03-30&to=2026-03-28',
      'from=2025-01-01&to=2026-01-02',
      'from=2026-03-28&to=2026-03-30&tz=Mars/Olympus',
      'from=2026-03-28&to=2026-03-30&tz=%2B01:00',
      'from=2026-03-28&to=2026-03-30&chatbotId=not-a-uuid',
      'from=28-03-2026&to=2026-03-30',
      'to=2026-03-30',
    ];
    for (const query of bad) {
      const response = await get(org, `/api/analytics/summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect((await get(org, `/api/analytics/top-questions?${query}`)).statusCode, query).toBe(400);
      const body = Object.fromEntries(new URLSearchParams(query));
      const created = await c.app.inject({
        method: 'POST',
        url: '/api/analytics/exports',
        headers: { cookie: org.cookie },
        payload: { report: 'daily', ...body },
      });
      expect(created.statusCode, query).toBe(400);
    }
    expect((await get(org, '/api/analytics/summary?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200); // 366 days is allowed
    expect((await get(org, `/api/analytics/top-questions?${period}&limit=0`)).statusCode).toBe(400);
    expect((await get(org, `/api/analytics/top-questions?${period}&limit=51`)).statusCode).toBe(400);
    expect((await get(org, '/api/analytics/exports?pageSize=101')).statusCode).toBe(400);
    expect((await get(org, '/api/analytics/exports/not-a-uuid')).statusCode).toBe(400);
    const post = (url: string, payload: unknown) => c.app.inject({ method: 'POST', url, headers: { cookie: org.cookie }, payload: payload as object });
    expect((await post('/api/analytics/exports', { report: 'everything', from: '2026-03-28', to: '2026-03-30' })).statusCode).toBe(400);
    for (const payload of [
      { report: 'daily', frequency: 'hourly', recipients: ['a@example.com'] },
      { report: 'daily', frequency: 'daily', recipients: [] },
      { report: 'daily', frequency: 'daily', recipients: ['not an address'] },
      { report: 'daily', frequency: 'daily', recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) },
      { report: 'daily', frequency: 'daily', recipients: ['a@example.com'], tz: 'Nowhere/Land' },
    ]) {
      expect((await post('/api/analytics/export-schedules', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await c.database.db.select({ n: count() }).from(analyticsExports)).toEqual(exportsBefore);
    expect(await c.database.db.select({ n: count() }).from(analyticsExportSchedules)).toEqual(schedulesBefore);
  });

  it('a user without an organization is told so', async () => {
    const c = ctx();
    const loner = await createOwner(c);
    await c.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, loner.userId));
    const response = await get(loner, `/api/analytics/summary?${period}`);
    // The organization guard refuses before the route runs.
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You are not a member of any organization.');
    expect((await c.app.inject({ method: 'GET', url: `/api/analytics/summary?${period}` })).statusCode).toBe(401);
  });

  it('a rebuild is repeatable and touches only the organization it is asked for', async () => {
    const { db } = ctx().database;
    const snapshot = async (organizationId: string) => ({
      hourly: await db
        .select()
        .from(chatStatsHourly)
        .where(eq(chatStatsHourly.organizationId, organizationId))
        .orderBy(asc(chatStatsHourly.chatbotId), asc(chatStatsHourly.hour)),
      questions: await db
        .select()
        .from(questionStatsDaily)
        .where(eq(questionStatsDaily.organizationId, organizationId))
        .orderBy(asc(questionStatsDaily.chatbotId), asc(questionStatsDaily.day), asc(questionStatsDaily.questionKey)),
    });
    const before = await snapshot(org.organizationId);
    const theirs = await snapshot(other.organizationId);
    // The conversation that started at 23:30 UTC: its hour holds the conversation, the first answer and both turns' first tokens.
    expect(before.hourly.find((r) => r.hour.toISOString() === '2026-03-27T23:00:00.000Z')).toMatchObject({
      chatbotId: bots.a,
      conversations: 1,
      questions: 1,
      answered: 1,
      tokens: 60,
      latencyMsSum: 1000,
      latencyCount: 1,
      thumbsUp: 1,
    });
    expect(before.questions.find((r) => r.day === '2026-03-27' && r.questionKey === 'refund')).toMatchObject({
      asked: 2,
      answered: 2,
      sample: 'How do refunds work?',
      lastAskedAt: new Date('2026-03-27T23:30:00Z'),
    });

    await rebuildChatStats(db, { organizationId: org.organizationId });
    expect(await snapshot(org.organizationId)).toEqual(before);
    // A chatbot-hour of another organization written meanwhile is left alone.
    await db.delete(chatStatsHourly).where(eq(chatStatsHourly.organizationId, other.organizationId));
    await rebuildChatStats(db, { organizationId: org.organizationId });
    expect((await snapshot(other.organizationId)).hourly).toEqual([]);
    await rebuildChatStats(db);
    expect(await snapshot(other.organizationId)).toEqual(theirs);
    expect(await snapshot(org.organizationId)).toEqual(before);
  });

  it('an upgraded installation (messages, no rollup) is backfilled once at start-up', async () => {
    const { db } = ctx().database;
    const before = await db.select().from(chatStatsHourly).orderBy(asc(chatStatsHourly.chatbotId), asc(chatStatsHourly.hour));
    expect(before.length).toBeGreaterThan(0);
    expect(await backfillChatStatsIfEmpty(db)).toBe(false);
    await db.delete(chatStatsHourly);
    await db.delete(questionStatsDaily);
    expect(await backfillChatStatsIfEmpty(db)).toBe(true);
    expect(await db.select().from(chatStatsHourly).orderBy(asc(chatStatsHourly.chatbotId), asc(chatStatsHourly.hour))).toEqual(before);
    expect((await db.select({ n: count() }).from(questionStatsDaily))[0]!.n).toBeGreaterThan(0);
    expect(await backfillChatStatsIfEmpty(db)).toBe(false);
  });
});
