import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import type { ApiUsageResponse, SecurityMetricsResponse } from '@parley/shared/contracts/security-monitoring';
import { and, eq, inArray, sum } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { adminActivityLogs, apiRequests, cspViolationReports, profiles, rateLimitHits, securityEvents, usageLedger } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, signIn, type TestContext } from '../../test/harness';
import { securityScore } from './score';

/** A model server speaking OpenAI's chat completions: a fixed answer citing [1], and its usage (120 in, 9 out). */
const server: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    if (req.url !== '/v1/chat/completions') {
      res.statusCode = 404;
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const line = (payload: object) =>
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', ...payload })}\n\n`);
    line({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Refunds take five days [1].' }, finish_reason: null }] });
    line({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    line({ choices: [], usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } });
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** gpt-4o-mini: 150 µ$ per 1K input tokens, 600 per 1K output (features/api-usage/pricing.ts). */
const COST_PER_ANSWER_MICROS = Math.round((120 * 150 + 9 * 600) / 1000);
const SHOP = 'https://shop.example';

interface Seen {
  url: string;
  method: string;
  status: number;
}

/** Every request the test sends, as the client saw it: the expected figures are counted from this. */
function trackRequests(c: TestContext): Seen[] {
  const seen: Seen[] = [];
  const original = c.app.inject.bind(c.app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  (c.app as unknown as { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> }).inject = async (options: InjectOptions) => {
    const response = await original(options);
    seen.push({ url: String(options.url).split('?')[0]!, method: String(options.method ?? 'GET'), status: response.statusCode });
    return response;
  };
  return seen;
}
/** What API usage counts: the health probe, polled by load balancers, is not use of the API. */
const isApi = (s: Seen) => (s.url.startsWith('/api/') && s.url !== '/api/health') || s.url.startsWith('/v1/');

describeEachDatabase(
  'security monitoring: metrics from recorded traffic',
  (ctx) => {
    it('counts every kind of traffic exactly, over 24 hours and 7 days, and scores it by the documented formula', async () => {
      const c = ctx();
      const seen = trackRequests(c);
      const { app } = c;
      const admin = await createAdmin(c, 'system_admin');
      const auth = { cookie: admin.cookie };

      // An AI key for answers (chat scope only, so documents embed locally), a live chatbot with a document.
      const key = await app.inject({
        method: 'POST',
        url: '/api/admin/system-api-keys',
        headers: auth,
        payload: { serviceName: 'openai', keyName: 'answers', apiKey: 'sk-test-answers-1234', scope: 'chat' },
      });
      expect(key.statusCode).toBe(201);
      const owner = await createSignedInUser(c);
      const bot = (
        await app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'Refund bot', modelProvider: 'openai', modelName: 'gpt-4o-mini', status: 'live', allowedOrigins: [SHOP] },
        })
      ).json() as { id: string };
      await app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'refunds', text: 'Refunds are paid back to the original card within five working days.' },
      });
      for (const deadline = Date.now() + 30_000; ;) {
        const items = (await app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items;
        if (items[0]?.status === 'ready') break;
        if (Date.now() > deadline) throw new Error('source not ready');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // Three answers: the owner's test chat, a visitor on the shop's website, an API-key client.
      const test = await app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'Refunds?' },
      });
      expect(test.body).toContain('"type":"done"');
      expect((await app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config`, headers: { origin: SHOP } })).statusCode).toBe(200);
      const widget = await app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        headers: { origin: SHOP },
        payload: { message: 'How long do refunds take?', visitorId: 'visitor-1' },
      });
      expect(widget.body).toContain('"type":"done"');
      const apiKey = (await app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner.cookie }, payload: { name: 'ci' } })).json() as {
        apiKey: { id: string };
        secret: string;
      };
      const completion = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${apiKey.secret}` },
        payload: { model: bot.id, messages: [{ role: 'user', content: 'Refunds?' }] },
      });
      expect(completion.statusCode).toBe(200);

      // Failed sign-ins (three wrong passwords, one deactivated account: also a high-risk event).
      for (let i = 0; i < 3; i += 1) expect((await signIn(app, admin.email, 'wrong password!', '198.51.100.7')).statusCode).toBe(401);
      const blocked = await createSignedInUser(c);
      await c.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, blocked.userId));
      expect((await signIn(app, blocked.email, undefined, '198.51.100.8')).statusCode).toBe(403);

      // 429s: two reports past the per-IP limit of client security events.
      for (let i = 0; i < CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE + 2; i += 1) {
        await app.inject({ method: 'POST', url: '/api/security-events/client', remoteAddress: '192.0.2.44', payload: { eventType: 'session_fetch_error' } });
      }
      // CSP reports: two of one violation, one of another.
      for (const blockedUri of ['https://evil.example/a.js', 'https://evil.example/a.js', 'https://cdn.example/b.js']) {
        const report = await app.inject({
          method: 'POST',
          url: '/api/csp-report',
          headers: { 'content-type': 'application/csp-report' },
          payload: JSON.stringify({
            'csp-report': { 'document-uri': 'http://localhost:3000/dashboard', 'violated-directive': 'script-src', 'blocked-uri': blockedUri },
          }),
        });
        expect(report.statusCode).toBe(204);
      }
      // A load balancer's probes: not counted as calls.
      for (const method of ['GET', 'HEAD', 'GET'] as const) expect((await app.inject({ method, url: '/api/health' })).statusCode).toBe(200);
      // An admin action (the audit trail), and one from three days ago that only the 7-day window holds.
      expect((await app.inject({ method: 'POST', url: '/api/admin/security/audit', headers: auth })).statusCode).toBe(200);
      await c.database.db.insert(adminActivityLogs).values({ action: 'old_action', resourceType: 'test', createdAt: new Date(Date.now() - 3 * 24 * 3600_000) });

      // What the client saw, before the metrics request itself.
      const api = seen.filter(isApi);
      const expected24 = {
        api_calls_24h: api.length,
        api_errors_24h: api.filter((s) => s.status >= 400).length,
        api_cost_24h: (3 * COST_PER_ANSWER_MICROS) / 1_000_000,
        high_risk_events_24h: 1,
        failed_auth_24h: 4,
        rate_limit_hits_24h: 2,
        csp_violations_24h: 3,
        widget_access_24h: api.filter((s) => s.url.startsWith('/api/public/chatbots/') && s.method !== 'OPTIONS').length,
      };
      expect(expected24.widget_access_24h).toBe(2);
      const [ledger] = await c.database.db
        .select({ total: sum(usageLedger.tokens) })
        .from(usageLedger)
        .where(and(eq(usageLedger.chatbotId, bot.id), inArray(usageLedger.tokenType, ['input', 'output'])));
      const tokens = Number(ledger?.total);
      expect(tokens).toBeGreaterThan(0);

      const response = await app.inject({ method: 'GET', url: '/api/admin/security/metrics?timeframeHours=24', headers: auth });
      expect(response.statusCode).toBe(200);
      const day = response.json() as SecurityMetricsResponse;
      expect(day.metrics).toMatchObject({ ...expected24, tokens_used_24h: tokens, total_audit_events_24h: 2 });
      const { score, penalties } = securityScore({
        highRiskEvents: 1,
        failedAuth: 4,
        apiCalls: expected24.api_calls_24h,
        apiErrors: expected24.api_errors_24h,
        rateLimitHits: 2,
        cspViolations: 3,
        audit: day.latestAudit && { failed: day.latestAudit.failed, warnings: day.latestAudit.warnings },
      });
      expect(day.metrics.security_score).toBe(score);
      expect(day.penalties).toEqual(penalties);
      expect(day.latestAudit?.status).toBeDefined();

      // The 7-day window also holds the old activity entry; the metrics request of just now counts as a call.
      const week = (
        await app.inject({ method: 'GET', url: '/api/admin/security/metrics?timeframeHours=168', headers: auth })
      ).json() as SecurityMetricsResponse;
      expect(week.timeframeHours).toBe(168);
      expect(week.metrics).toMatchObject({ ...expected24, api_calls_24h: api.length + 1, total_audit_events_24h: 3, tokens_used_24h: tokens });

      // API usage analytics agree, with the chart's buckets and the busiest routes.
      const usageResponse = await app.inject({ method: 'GET', url: '/api/admin/security/api-usage?timeframeHours=24', headers: auth });
      expect(usageResponse.statusCode, usageResponse.body).toBe(200);
      const usage = usageResponse.json() as ApiUsageResponse;
      const calls = api.length + 2;
      const errors = expected24.api_errors_24h;
      expect(usage.analytics).toMatchObject({
        total_calls: calls,
        error_rate: Math.round((errors / calls) * 10_000) / 100,
        total_cost: expected24.api_cost_24h,
        total_tokens: tokens,
      });
      expect(usage.analytics.avg_processing_time_ms).toBeGreaterThan(0);
      expect(usage.series.reduce((total, b) => total + b.calls, 0)).toBe(calls);
      expect(usage.series.reduce((total, b) => total + b.rateLimited, 0)).toBe(api.filter((s) => s.status === 429).length);
      expect(usage.rateLimits).toEqual([{ limit: 'client-events', hits: 2, subjects: 1 }]);
      expect(usage.routes.length).toBeLessThanOrEqual(10);

      // Who called: the API key and the visitor are on their rows; the refusals name their limit.
      const rows = await c.database.db.select().from(apiRequests).where(eq(apiRequests.chatbotId, bot.id));
      const byRoute = Object.fromEntries(rows.map((r) => [r.route, r]));
      expect(byRoute['/v1/chat/completions']).toMatchObject({
        apiKeyId: apiKey.apiKey.id,
        provider: 'openai',
        model: 'gpt-4o-mini',
        costMicros: COST_PER_ANSWER_MICROS,
      });
      expect(byRoute['/api/public/chatbots/:id/messages']).toMatchObject({ visitorId: 'visitor-1', userId: null, costMicros: COST_PER_ANSWER_MICROS });
      expect(byRoute['/api/chatbots/:id/test-chat']).toMatchObject({ userId: owner.userId, method: 'POST' });
      const refusals = await c.database.db.select().from(rateLimitHits);
      expect(refusals.map((r) => [r.bucket, r.subject, r.route])).toEqual([
        ['client-events', '192.0.2.44', 'POST /api/security-events/client'],
        ['client-events', '192.0.2.44', 'POST /api/security-events/client'],
      ]);
    });

    it('leaves out what happened before the window', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
      const before = (
        await c.app.inject({ method: 'GET', url: '/api/admin/security/metrics', headers: { cookie: admin.cookie } })
      ).json() as SecurityMetricsResponse;
      await c.database.db
        .insert(apiRequests)
        .values({ method: 'GET', route: '/api/x', statusCode: 500, durationMs: 5, tokens: 7, costMicros: 11, createdAt: twoDaysAgo });
      await c.database.db.insert(securityEvents).values({ eventType: 'signin_failed', severity: 'medium', createdAt: twoDaysAgo });
      await c.database.db.insert(rateLimitHits).values({ bucket: 'csp', subject: '1.1.1.1', limit: 60, windowSeconds: 60, createdAt: twoDaysAgo });
      const [anyReport] = await c.database.db.select().from(cspViolationReports).limit(1);
      if (anyReport) await c.database.db.insert(cspViolationReports).values({ violationId: anyReport.violationId, createdAt: twoDaysAgo });

      const day = (
        await c.app.inject({ method: 'GET', url: '/api/admin/security/metrics?timeframeHours=24', headers: { cookie: admin.cookie } })
      ).json() as SecurityMetricsResponse;
      expect(day.metrics.failed_auth_24h).toBe(before.metrics.failed_auth_24h);
      expect(day.metrics.rate_limit_hits_24h).toBe(before.metrics.rate_limit_hits_24h);
      expect(day.metrics.tokens_used_24h).toBe(before.metrics.tokens_used_24h);
      const week = (
        await c.app.inject({ method: 'GET', url: '/api/admin/security/metrics?timeframeHours=168', headers: { cookie: admin.cookie } })
      ).json() as SecurityMetricsResponse;
      expect(week.metrics.failed_auth_24h).toBe(day.metrics.failed_auth_24h + 1);
      expect(week.metrics.rate_limit_hits_24h).toBe(day.metrics.rate_limit_hits_24h + 1);
      expect(week.metrics.tokens_used_24h).toBe(day.metrics.tokens_used_24h + 7);
      expect(week.metrics.api_cost_24h).toBeCloseTo(day.metrics.api_cost_24h + 0.000011, 9);
      if (anyReport) expect(week.metrics.csp_violations_24h).toBe(day.metrics.csp_violations_24h + 1);
    });

    it('lists the 10 latest events and CSP violations of the window, newest first', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const now = Date.now();
      await c.database.db
        .insert(securityEvents)
        .values(
          Array.from({ length: 12 }, (_, i) => ({ eventType: 'signout_attempt', severity: 'low' as const, createdAt: new Date(now + 60_000 + i * 1000) })),
        );
      const events = (await c.app.inject({ method: 'GET', url: '/api/admin/security/events', headers: { cookie: admin.cookie } })).json() as {
        items: { event_type: string; created_at: string }[];
      };
      expect(events.items).toHaveLength(10);
      expect(events.items[0]!.created_at).toBe(new Date(now + 60_000 + 11_000).toISOString());
      const csp = (await c.app.inject({ method: 'GET', url: '/api/admin/security/csp-violations', headers: { cookie: admin.cookie } })).json() as {
        items: { blocked_uri: string; violation_count: number }[];
      };
      expect(csp.items.find((v) => v.blocked_uri === 'https://evil.example/a.js')?.violation_count).toBe(2);
    });

    it('is for system admins only, and refuses a window other than 24 or 168 hours', async () => {
      const c = ctx();
      const support = await createAdmin(c, 'support');
      const admin = await createAdmin(c, 'system_admin');
      for (const url of ['/api/admin/security/metrics', '/api/admin/security/api-usage', '/api/admin/security/events', '/api/admin/security/alerts']) {
        expect((await c.app.inject({ method: 'GET', url, headers: { cookie: support.cookie } })).statusCode).toBe(403);
        expect((await c.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
      const bad = await c.app.inject({ method: 'GET', url: '/api/admin/security/metrics?timeframeHours=48', headers: { cookie: admin.cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('timeframeHours must be 24 or 168');
    });
  },
  { OPENAI_BASE_URL: baseURL },
  { startBackgroundWork: true },
);
