import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_ACTION_MESSAGES } from '@parley/shared/contracts/ai-actions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adminActivityLogs } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, type TestContext } from '../../test/harness';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine: records what arrives and answers by path. */
let server: Server;
let base: string;
let received: Received[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/ok')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      if (req.url === '/fail') return res.writeHead(500, 'Internal Server Error').end('boom');
      if (req.url === '/forbidden') return res.writeHead(403, 'Forbidden').end();
      if (req.url === '/moved') return res.writeHead(307, { location: '/ok/after-redirect' }).end();
      if (req.url === '/big') return res.writeHead(200).end('x'.repeat(100_000));
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2500);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const testWebhook = (ctx: TestContext, cookie: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/ai-actions/test-webhook', headers: { cookie }, payload });

const testedLogs = (ctx: TestContext, adminUserId: string) =>
  ctx.database.db
    .select()
    .from(adminActivityLogs)
    .where(and(eq(adminActivityLogs.action, 'webhook_tested'), eq(adminActivityLogs.adminUserId, adminUserId)));

describeEachDatabase(
  'action webhook test (local endpoints allowed, as in development)',
  (ctx) => {
    it('POSTs the test body to the endpoint from the server and reports the answer; webhook_tested is logged', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const template = (
        await c.app.inject({
          method: 'POST',
          url: '/api/admin/ai-actions/templates',
          headers: { cookie: dev.cookie },
          payload: { name: 'T', actionType: 'webhook' },
        })
      ).json();
      const response = await testWebhook(c, dev.cookie, {
        endpointUrl: `${base}/ok?secret=abc`,
        method: 'POST',
        headers: { Authorization: 'Bearer xyz', 'X-Source': 'parley' },
        timeoutSeconds: 5,
        templateId: template.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, status: 200, statusText: 'OK', responseExcerpt: '{"received":true}' });
      expect(response.json().latencyMs).toBeGreaterThanOrEqual(0);

      expect(received).toHaveLength(1);
      const [request] = received;
      expect(request).toMatchObject({ method: 'POST', url: '/ok?secret=abc' });
      expect(request!.headers).toMatchObject({ authorization: 'Bearer xyz', 'x-source': 'parley', 'content-type': 'application/json' });
      const body = JSON.parse(request!.body) as Record<string, unknown>;
      expect(body).toEqual({ test: true, timestamp: expect.any(String), template_id: template.id });
      expect(Number.isNaN(Date.parse(body.timestamp as string))).toBe(false);

      const [log] = await testedLogs(c, dev.userId);
      expect(log).toMatchObject({ resourceType: 'ai_action_template', resourceId: template.id });
      // The query string may hold a secret: it is not logged.
      expect(log!.details).toMatchObject({ endpoint: `${base}/ok`, method: 'POST', success: true, status: 200 });
      expect(JSON.stringify(log!.details)).not.toContain('secret=abc');
      expect(JSON.stringify(log!.details)).not.toContain('xyz');
    });

    it('reports a non-OK answer, a timeout and a refused connection as failed tests', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const failed = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/fail` });
      expect(failed.json()).toMatchObject({ success: false, status: 500, statusText: 'Internal Server Error', responseExcerpt: 'boom' });
      const forbidden = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/forbidden` });
      expect(forbidden.json()).toMatchObject({ success: false, status: 403, statusText: 'Forbidden' });
      // No template yet (a new action's dialog): template_id is null.
      expect(JSON.parse(received[0]!.body)).toMatchObject({ test: true, template_id: null });

      const slow = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/slow`, timeoutSeconds: 1 });
      expect(slow.json()).toMatchObject({ success: false, status: 0, statusText: 'No answer within 1 s' });
      expect(slow.json().latencyMs).toBeGreaterThanOrEqual(900);

      const closed = await testWebhook(c, dev.cookie, { endpointUrl: 'http://127.0.0.1:1/hook' });
      expect(closed.json()).toMatchObject({ success: false, status: 0, statusText: 'The connection was refused' });

      const logs = await testedLogs(c, dev.userId);
      expect(logs).toHaveLength(4);
      expect(logs.map((l) => l.details.status).sort()).toEqual([0, 0, 403, 500]);
    });

    it('uses the webhook method (GET sends no body), follows redirects and keeps only an excerpt of long answers', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const get = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/ok`, method: 'GET' });
      expect(get.json().success).toBe(true);
      expect(received[0]).toMatchObject({ method: 'GET', body: '' });
      expect(received[0]!.headers['content-type']).toBeUndefined();

      received = [];
      const put = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/moved`, method: 'PUT' });
      expect(put.json()).toMatchObject({ success: true, status: 200 });
      expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /moved', 'PUT /ok/after-redirect']);
      expect(JSON.parse(received[1]!.body)).toMatchObject({ test: true });

      const big = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/big` });
      expect(big.json().responseExcerpt).toHaveLength(500);
    });

    it('refuses bad test requests with 400 (and an unknown template with 404), sending nothing', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ endpointUrl: '' }, /Endpoint URL is required/],
        [{ endpointUrl: 'file:///etc/passwd' }, /valid http:\/\/ or https:\/\/ address/],
        [{ endpointUrl: `${base}/ok`, timeoutSeconds: 0 }, /Timeout must be between 1 and 300/],
        [{ endpointUrl: `${base}/ok`, timeoutSeconds: 301 }, /Timeout must be between 1 and 300/],
        [{ endpointUrl: `${base}/ok`, method: 'CONNECT' }, /Method must be one of/],
        [{ endpointUrl: `${base}/ok`, headers: ['x'] }, /Headers must be a JSON object/],
        [{ endpointUrl: `${base}/ok`, headers: { 'Content-Length': '5' } }, /set by the server/],
        [{ endpointUrl: `${base}/ok`, templateId: 'abc' }, /templateId: Invalid id/],
      ];
      for (const [payload, message] of cases) {
        const response = await testWebhook(c, dev.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toMatch(message);
      }
      const unknown = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/ok`, templateId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
      expect(received).toHaveLength(0);
      expect(await testedLogs(c, dev.userId)).toHaveLength(0);
    });

    it('limits one admin to 20 webhook tests a minute', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'system_admin');
      for (let i = 0; i < 20; i += 1) expect((await testWebhook(c, dev.cookie, { endpointUrl: `${base}/ok` })).statusCode).toBe(200);
      const limited = await testWebhook(c, dev.cookie, { endpointUrl: `${base}/ok` });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(received).toHaveLength(20);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);

describeEachDatabase(
  'action webhook test (production: public addresses only)',
  (ctx) => {
    it('refuses loopback, private and local names with 400 before sending anything, and logs no test', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const port = (server.address() as AddressInfo).port;
      for (const endpointUrl of [
        `${base}/ok`,
        `http://localhost:${port}/ok`,
        'http://10.0.0.8/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:80/',
      ]) {
        const response = await testWebhook(c, dev.cookie, { endpointUrl });
        expect(response.statusCode, endpointUrl).toBe(400);
        expect(response.json().message, endpointUrl).toBe(AI_ACTION_MESSAGES.privateAddress);
      }
      expect(received).toHaveLength(0);
      expect(await testedLogs(c, dev.userId)).toHaveLength(0);
    });

    it('reports a host that does not resolve as a failed test', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const response = await testWebhook(c, dev.cookie, { endpointUrl: 'https://no-such-host.invalid/hook', timeoutSeconds: 5 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, status: 0 });
      expect(response.json().statusText).toMatch(/could not be resolved|connection failed|No answer/);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'false' },
);
