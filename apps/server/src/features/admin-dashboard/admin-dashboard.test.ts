import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { chatbots, healthProbes, invoices, organizations, serverNodes, tokenPurchases } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { describeNodes, NODE_GONE_MS } from '../health/nodes';
import { runHealthProbe, type ProbeRecord } from '../health/prober';
import { growthPercent, systemUptimePercent } from './service';

const byName = (body: { items: { name: string }[] }, name: string) => body.items.find((i) => i.name === name);

describeEachDatabase('admin dashboard', (ctx) => {
  it('stats come from the data: users and chatbots with growth, uptime from recorded probes, null where no source exists yet', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'support');
    await runHealthProbe(c.database.db, { record: true, node: 'test-node' });
    await c.database.db.insert(healthProbes).values({ node: 'test-node', responseTimeMs: 6000, isHealthy: false, error: null });
    const stats = (await c.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json();
    expect(stats.totalUsers).toBeGreaterThan(0);
    // Every user of this database signed up in the last 30 days: nothing to compare with, so no percentage (not +100%).
    expect(stats.userGrowth).toBeNull();
    expect(stats.systemUptime).toBeGreaterThan(0);
    expect(stats.systemUptime).toBeLessThanOrEqual(100);
    expect(stats).toMatchObject({
      totalChatbots: expect.any(Number),
      chatbotGrowth: expect.any(Number),
      monthlyConversations: expect.any(Number),
    });
  });

  it('uptime is the share of minutes since the first probe in which a probe was healthy: minutes without a probe are down', async () => {
    const c = ctx();
    // A window of its own, two years back, where no other test's probes are (and none among the newest 100).
    const start = Math.floor((Date.now() - 730 * 86_400_000) / 60_000) * 60_000;
    const at = (minute: number, second = 10) => new Date(start + minute * 60_000 + second * 1000);
    expect(await systemUptimePercent(c.database.db, at(0))).toBeNull();
    await c.database.db.insert(healthProbes).values([
      // minutes 0–5: two nodes, healthy (counted once a minute)
      ...[0, 1, 2, 3, 4, 5].flatMap((m) => ['a', 'b'].map((node) => ({ node, checkedAt: at(m), responseTimeMs: 3, isHealthy: true }))),
      // minute 6: only an unhealthy probe (the database failed; written later from the backlog)
      { node: 'a', checkedAt: at(6), responseTimeMs: 5200, isHealthy: false, error: 'timeout' },
      // minutes 7–9: nothing ran at all; minute 10 healthy again
      { node: 'a', checkedAt: at(10), responseTimeMs: 3, isHealthy: true },
    ]);
    // At minute 11, 11 whole minutes (0–10) have passed, 7 of them up.
    expect(await systemUptimePercent(c.database.db, at(11, 5))).toBe(63.64);
    // Within minute 10, its probe counts: 7 of 11.
    expect(await systemUptimePercent(c.database.db, at(10, 30))).toBe(63.64);
    // In minute 5 (healthy so far): 6 of 6.
    expect(await systemUptimePercent(c.database.db, at(5, 40))).toBe(100);
  });

  it('a probe that cannot be recorded waits in the backlog and is written, at its own time, with the next one that can', async () => {
    const c = ctx();
    const node = `backlog-${randomUUID()}`;
    const backlog: ProbeRecord[] = [{ node, checkedAt: new Date(Date.now() - 90_000), responseTimeMs: 5001, isHealthy: false, error: 'connection refused' }];
    const result = await runHealthProbe(c.database.db, { record: true, node, backlog });
    expect(result.isHealthy).toBe(true);
    expect(backlog).toHaveLength(0);
    const rows = await c.database.db.select().from(healthProbes).where(eq(healthProbes.node, node)).orderBy(healthProbes.checkedAt);
    expect(rows.map((r) => r.isHealthy)).toEqual([false, true]);
    expect(rows[0]!.error).toBe('connection refused');
  });

  it('Active Chatbots counts live chatbots only (a draft answers nobody), with their growth', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'support');
    const stats = async () => (await c.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json();
    const before = await stats();
    const [org] = await c.database.db
      .insert(organizations)
      .values({ name: 'Bots', slug: `bots-${randomUUID()}` })
      .returning();
    const bot = (status: 'draft' | 'live') => ({
      organizationId: org!.id,
      name: `${status} bot`,
      systemPrompt: 'Answer from the documents.',
      appearance: { color: '#4f46e5', position: 'bottom-right' as const, title: 'Ask', avatarUrl: null },
      status,
    });
    await c.database.db.insert(chatbots).values([bot('draft'), bot('draft'), bot('live')]);
    const after = await stats();
    expect(after.totalChatbots - before.totalChatbots).toBe(1);
  });

  it('monthly revenue is the money paid in the last 30 days (invoices of subscriptions and token purchases), its change against the 30 before', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'support');
    const db = c.database.db;
    const stats = async () => (await c.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json();
    const before = await stats();
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Paying', slug: `paying-${randomUUID()}` })
      .returning();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const invoice = (id: string, amountCents: number, paidAt: Date, status: 'paid' | 'failed' = 'paid') => ({
      provider: 'sandbox' as const,
      providerInvoiceId: `${id}-${randomUUID()}`,
      providerSubscriptionId: 'sub_dashboard',
      organizationId: org!.id,
      status,
      amountCents,
      paidAt,
    });
    await db
      .insert(invoices)
      .values([
        invoice('in_now', 2900, daysAgo(2)),
        invoice('in_failed', 9900, daysAgo(2), 'failed'),
        invoice('in_last_month', 2000, daysAgo(40)),
        invoice('in_long_ago', 50000, daysAgo(70)),
      ]);
    await db.insert(tokenPurchases).values({
      organizationId: org!.id,
      packageName: 'Pack',
      tokens: 10_000,
      amountCents: 100,
      provider: 'sandbox',
      providerCheckoutId: `cs_${randomUUID()}`,
      status: 'paid',
      completedAt: daysAgo(1),
    });
    const after = await stats();
    // 29.00 + 1.00 in the last 30 days (the failed invoice is not money); 20.00 in the 30 before: +50 %.
    expect(after.monthlyRevenue - before.monthlyRevenue).toBeCloseTo(30, 5);
    if (before.monthlyRevenue === 0) expect(after).toMatchObject({ monthlyRevenue: 30, revenueGrowth: 50 });
  });

  it('system health lists real checks', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'developer');
    const body = (await c.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin.cookie } })).json();
    const database = body.items.find((i: { name: string }) => i.name === 'Database');
    expect(database.status).toBe('healthy');
    expect(body.items.find((i: { name: string }) => i.name === 'E-mail').status).toBe('warning');
    // Which index vector search uses: half precision on PostgreSQL (built at start-up on a new database), full in PGlite.
    const vectors = body.items.find((i: { name: string }) => i.name === 'Vector search');
    if (c.database.vectorSearch === 'pgvector')
      expect(vectors).toEqual({
        name: 'Vector search',
        status: 'healthy',
        detail: c.database.driver === 'postgres' ? 'pgvector with half-precision HNSW indexes' : 'pgvector with HNSW indexes',
      });
    if (c.database.driver === 'pglite') {
      expect(byName(body, 'Nodes')).toEqual({
        name: 'Nodes',
        status: 'healthy',
        detail: 'One process on the embedded database: it serves requests and runs background work',
      });
      expect(byName(body, 'Redis')).toBeUndefined();
    }
  });

  it('system health counts the nodes seen lately on PostgreSQL and says when none runs background work (PGlite: one process)', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'developer');
    const read = async () => (await c.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin.cookie } })).json();
    const node = (role: string, secondsAgo: number) => ({
      id: randomUUID(),
      role,
      hostname: 'test-host',
      pid: 1,
      startedAt: new Date(Date.now() - 3_600_000),
      lastSeenAt: new Date(Date.now() - secondsAgo * 1000),
    });
    await c.database.db.delete(serverNodes);
    // One api node alive, the only worker gone five minutes ago (three missed heartbeats make a node gone).
    await c.database.db.insert(serverNodes).values([node('api', 2), node('worker', 300), node('api', NODE_GONE_MS / 1000 + 5)]);
    let body = await read();
    if (c.database.driver === 'pglite') {
      // The embedded database serves one process, whatever the table holds.
      expect(byName(body, 'Nodes')).toMatchObject({ status: 'healthy', detail: expect.stringMatching(/^One process/) });
      await c.database.db.delete(serverNodes);
      return;
    }
    expect(byName(body, 'Nodes')).toEqual({
      name: 'Nodes',
      status: 'error',
      detail:
        '1 api node; none runs background work (PARLEY_ROLE=worker or all), so documents, e-mails and webhooks wait in the queue (one was last seen 5 minutes ago)',
    });
    expect(byName(body, 'Redis')).toEqual({
      name: 'Redis',
      status: 'healthy',
      detail: 'Not configured: one node needs none (live updates go through PostgreSQL)',
    });

    // Two api nodes and a worker: healthy, but without Redis each node counts rate limits alone.
    await c.database.db.insert(serverNodes).values([node('api', 10), node('worker', 1)]);
    body = await read();
    expect(byName(body, 'Nodes')).toEqual({ name: 'Nodes', status: 'healthy', detail: '2 api nodes and 1 worker node' });
    expect(byName(body, 'Redis')).toMatchObject({ status: 'warning', detail: expect.stringContaining('each node counts rate limits alone (set REDIS_URL)') });
    await c.database.db.delete(serverNodes);
  });

  it('the health monitor keeps the last 100 probes and flags stress', async () => {
    const c = ctx();
    const dev = await createAdmin(c, 'developer');
    const rows = Array.from({ length: 110 }, (_, i) => ({
      node: 'n1',
      responseTimeMs: 2500,
      isHealthy: i % 2 === 0,
      checkedAt: new Date(Date.now() + i * 1000),
    }));
    await c.database.db.insert(healthProbes).values(rows);
    const body = (await c.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: dev.cookie } })).json();
    expect(body.probes).toHaveLength(100);
    expect(body.isStressed).toBe(true);
    expect(body.successRate).toBe(50);
    expect(body.stressReasons.join(' ')).toMatch(/above 2000 ms/);
    expect(body.stressReasons.join(' ')).toMatch(/below 95%/);
  });

  it('activity: the recent 5 for any admin; the log page is for system_admin (features/activity-logs)', async () => {
    const c = ctx();
    const support = await createAdmin(c, 'support');
    for (let i = 0; i < 7; i += 1) {
      const logout = await c.app.inject({
        method: 'POST',
        url: '/api/admin/activity',
        headers: { cookie: support.cookie },
        payload: { action: 'admin_logout' },
      });
      expect(logout.statusCode).toBe(200);
    }
    const recent = (await c.app.inject({ method: 'GET', url: '/api/admin/activity/recent', headers: { cookie: support.cookie } })).json();
    expect(recent.items).toHaveLength(5);
    expect(recent.items[0]).toMatchObject({ action: 'admin_logout', adminUserId: support.userId });
    expect(recent.items[0].details.user_agent).toBeDefined();
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/activity', headers: { cookie: support.cookie } })).statusCode).toBe(403);
    // Only what the browser alone sees is accepted from it: a change is written by the server with the change.
    const bad = await c.app.inject({
      method: 'POST',
      url: '/api/admin/activity',
      headers: { cookie: support.cookie },
      payload: { action: 'user_deactivated' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

it('growth is the change against the previous 30 days, in percent', () => {
  expect(growthPercent(15, 10)).toBe(50);
  expect(growthPercent(5, 10)).toBe(-50);
  // Nothing the month before: no percentage (the card says "New"), not "+100%".
  expect(growthPercent(3, 0)).toBeNull();
  expect(growthPercent(1000, 0)).toBeNull();
  expect(growthPercent(0, 0)).toBe(0);
});

it('the nodes are described by role, api first', () => {
  expect(describeNodes({ api: 0, worker: 0, all: 0 })).toBe('No node seen');
  expect(describeNodes({ api: 0, worker: 0, all: 1 })).toBe('1 node serving requests and running background work');
  expect(describeNodes({ api: 3, worker: 2, all: 1 })).toBe('3 api nodes, 2 worker nodes and 1 node serving requests and running background work');
});
