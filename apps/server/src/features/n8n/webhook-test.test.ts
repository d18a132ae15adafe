import { randomBytes } from 'node:crypto';
import { N8N_MESSAGES } from '@parley/shared/contracts/n8n';
import { WEBHOOK_MESSAGES } from '@parley/shared/contracts/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { n8nRequests, n8nSettings, n8nWebhookEndpoints, n8nWorkflows } from '../../db/schema/index';
import { createSecretBox } from '../../lib/secrets';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { startFakeN8n, type FakeN8n } from './__fixtures__/fake-n8n';
import { activityOf, configureN8n, saveN8nSettings } from './__fixtures__/setup';

let n8n: FakeN8n;
beforeAll(async () => {
  n8n = await startFakeN8n();
});
afterAll(() => n8n.close());
beforeEach(() => n8n.reset());

async function endpointWithWorkflow(c: TestContext, cookie: string, endpoint: Record<string, unknown>) {
  const workflow = (await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie }, payload: { name: 'Orders flow' } })).json();
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/admin/n8n/webhooks',
    headers: { cookie },
    payload: { workflowId: workflow.id, ...endpoint },
  });
  return { workflowId: workflow.id as string, endpointId: created.json().id as string };
}

const test = (c: TestContext, cookie: string, id: string) => c.app.inject({ method: 'POST', url: `/api/admin/n8n/webhooks/${id}/test`, headers: { cookie } });
const records = (c: TestContext, endpointId: string) => c.database.db.select().from(n8nRequests).where(eq(n8nRequests.endpointId, endpointId));

describeEachDatabase(
  'n8n webhook and connection tests against a local stand-in for n8n',
  (ctx) => {
    it('sends the endpoint method to base URL + path with JSON, this installation’s bearer secret and {test, timestamp}; records and logs it', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: `${n8n.webhookBase}/` });
      const { secret } = (
        await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/webhook-secret', headers: { cookie: dev.cookie }, payload: {} })
      ).json();
      const { workflowId, endpointId } = await endpointWithWorkflow(c, dev.cookie, { name: 'Orders', endpointPath: '/orders' });
      n8n.routes.set('POST /webhook/orders', () => ({ body: { received: true, id: 7 } }));

      const started = Date.now();
      const response = await test(c, dev.cookie, endpointId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        status: 200,
        message: 'Webhook test successful',
        response: { received: true, id: 7 },
        url: `${n8n.origin}/webhook/orders`,
      });
      expect(n8n.received).toHaveLength(1);
      const [request] = n8n.received;
      expect(request).toMatchObject({ method: 'POST', path: '/webhook/orders' });
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers.authorization).toBe(`Bearer ${secret}`);
      // The admin's session never leaves Parley.
      expect(request!.headers.cookie).toBeUndefined();
      expect(JSON.stringify(request!.headers)).not.toContain(dev.cookie.split('=')[1]!.slice(0, 20));
      const body = JSON.parse(request!.body) as { test: boolean; timestamp: string };
      expect(body.test).toBe(true);
      expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(started - 1000);

      const [record] = await records(c, endpointId);
      expect(record).toMatchObject({
        kind: 'webhook_test',
        method: 'POST',
        url: `${n8n.origin}/webhook/orders`,
        status: 'success',
        httpStatus: 200,
        workflowId,
        error: null,
      });
      const [endpointRow] = await c.database.db.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, endpointId));
      expect(endpointRow!.requestCount).toBe(1);
      expect(endpointRow!.lastRequest!.toISOString()).toBe(record!.startedAt.toISOString());
      const [workflowRow] = await c.database.db.select().from(n8nWorkflows).where(eq(n8nWorkflows.id, workflowId));
      expect(workflowRow!.executionCount).toBe(1);
      const [log] = await activityOf(c, 'webhook_tested', endpointId);
      expect(log).toMatchObject({ adminUserId: dev.userId, resourceType: 'n8n_webhook_endpoint' });
      expect(log!.details).toMatchObject({ success: true, status: 200, method: 'POST' });

      const list = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/webhooks', headers: { cookie: dev.cookie } })).json();
      expect(list.items.find((e: { id: string }) => e.id === endpointId)).toMatchObject({ requestCount: 1, lastRequest: record!.startedAt.toISOString() });
    });

    it('sends no body with GET', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/status', method: 'GET' });
      n8n.routes.set('GET /webhook/status', () => ({ body: 'fine' }));
      const response = await test(c, dev.cookie, endpointId);
      expect(response.json()).toMatchObject({ success: true, response: null, responseExcerpt: 'fine' });
      expect(n8n.received[0]).toMatchObject({ method: 'GET', body: '' });
    });

    it('refuses to test an inactive endpoint with a 409 that says so; nothing is sent, recorded or counted', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/paused', isActive: false });
      n8n.routes.set('POST /webhook/paused', () => ({ body: { ok: true } }));
      const response = await test(c, dev.cookie, endpointId);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(N8N_MESSAGES.endpointInactive);
      expect(n8n.received).toHaveLength(0);
      expect(await records(c, endpointId)).toHaveLength(0);
      expect(await activityOf(c, 'webhook_tested', endpointId)).toHaveLength(0);

      // Active again, it is tested as usual.
      const patched = await c.app.inject({
        method: 'PATCH',
        url: `/api/admin/n8n/webhooks/${endpointId}`,
        headers: { cookie: dev.cookie },
        payload: { isActive: true },
      });
      expect(patched.statusCode).toBe(200);
      expect((await test(c, dev.cookie, endpointId)).json()).toMatchObject({ success: true });
    });

    it('a non-OK answer fails with "HTTP {status}: {text}", recorded as an error and logged', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/broken', method: 'PUT' });
      n8n.routes.set('/webhook/broken', () => ({ status: 500, statusText: 'Internal Server Error', body: 'Workflow could not be started' }));
      const response = await test(c, dev.cookie, endpointId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: false,
        status: 500,
        statusText: 'Internal Server Error',
        message: 'HTTP 500: Internal Server Error (n8n: "Workflow could not be started")',
        responseExcerpt: 'Workflow could not be started',
      });
      expect(N8N_MESSAGES.testFailed(response.json().message)).toBe(
        'Webhook test failed: HTTP 500: Internal Server Error (n8n: "Workflow could not be started")',
      );
      const [record] = await records(c, endpointId);
      expect(record).toMatchObject({
        status: 'error',
        httpStatus: 500,
        error: 'HTTP 500: Internal Server Error (n8n: "Workflow could not be started")',
        method: 'PUT',
      });
      expect((await activityOf(c, 'webhook_tested', endpointId))[0]!.details).toMatchObject({ success: false, status: 500 });

      // n8n's own answer for a path with no workflow behind it.
      const { endpointId: missing } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/nothing-here' });
      expect((await test(c, dev.cookie, missing)).json()).toMatchObject({ success: false, message: 'HTTP 404: Not Found (n8n: "webhook not registered")' });
    });

    it('a slow n8n fails after the workflow timeout, recorded with its duration', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await saveN8nSettings(c, dev.cookie, { n8nWorkflowTimeoutSeconds: 5 });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/slow' });
      n8n.routes.set('/webhook/slow', () => ({ delayMs: 6000, body: {} }));
      const response = await test(c, dev.cookie, endpointId);
      expect(response.json()).toMatchObject({ success: false, status: null, message: 'No answer within 5 s' });
      const [record] = await records(c, endpointId);
      expect(record!.durationMs).toBeGreaterThanOrEqual(4900);
      expect(record).toMatchObject({ status: 'error', httpStatus: null, error: 'No answer within 5 s' });
      await saveN8nSettings(c, dev.cookie, { n8nWorkflowTimeoutSeconds: 30 });
    }, 20_000);

    it('a bearer secret sealed under another server key is reported, not sent and not a 500', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/orders' });
      const foreign = createSecretBox(randomBytes(32).toString('hex'), 'n8n-webhook-secret').encrypt('prly_n8n_other');
      await c.database.db.update(n8nSettings).set({ webhookSecretEncrypted: foreign });
      const response = await test(c, dev.cookie, endpointId);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('The stored n8n credential can no longer be read on this server. Make a new one under Settings → Security.');
      expect(n8n.received).toHaveLength(0);
      // A new secret puts it right.
      await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/webhook-secret', headers: { cookie: dev.cookie }, payload: {} });
      n8n.routes.set('/webhook/orders', () => ({ body: {} }));
      expect((await test(c, dev.cookie, endpointId)).json().success).toBe(true);
    });

    it('without a base URL nothing is sent: 400 with the way to set one', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/orders' });
      await configureN8n(c, { baseUrl: null });
      const response = await test(c, dev.cookie, endpointId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(N8N_MESSAGES.noBaseUrl);
      expect(n8n.received).toHaveLength(0);
      expect(await records(c, endpointId)).toHaveLength(0);
      expect(await activityOf(c, 'webhook_tested', endpointId)).toHaveLength(0);
    });

    it('the connection test GETs n8n’s /healthz (the /webhook segment dropped), recorded, without credentials', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const ok = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/test-connection', headers: { cookie: dev.cookie }, payload: {} });
      expect(ok.json()).toMatchObject({ reachable: true, status: 200, healthUrl: `${n8n.origin}/healthz`, isBlocked: false });
      expect(ok.json().message).toMatch(/^n8n answered HTTP 200 in \d+ ms\.$/);
      expect(n8n.received[0]).toMatchObject({ method: 'GET', path: '/healthz' });
      expect(n8n.received[0]!.headers.authorization).toBeUndefined();
      const [record] = await c.database.db.select().from(n8nRequests).where(eq(n8nRequests.kind, 'connection_test'));
      expect(record).toMatchObject({ status: 'success', httpStatus: 200, url: `${n8n.origin}/healthz`, actorId: dev.userId });

      // A typed address is tested without saving it; an instance path prefix is kept.
      const typed = await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/settings/test-connection',
        headers: { cookie: dev.cookie },
        payload: { url: `${n8n.origin}/n8n/webhook-test` },
      });
      expect(typed.json()).toMatchObject({ reachable: false, status: 404, healthUrl: `${n8n.origin}/n8n/healthz` });
      expect(typed.json().message).toContain('HTTP 404: Not Found');
      // A server that answers 200 but not as n8n does (Parley's own pages, say) is not reachable n8n.
      n8n.routes.set('GET /parley/healthz', () => ({ body: '<!doctype html><title>Parley</title>' }));
      const notN8n = await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/settings/test-connection',
        headers: { cookie: dev.cookie },
        payload: { url: `${n8n.origin}/parley/webhook` },
      });
      expect(notN8n.json()).toMatchObject({ reachable: false, status: 200, healthUrl: `${n8n.origin}/parley/healthz` });
      expect(notN8n.json().message).toContain(`HTTP 200, but the answer is not n8n's ({"status":"ok"})`);
      const bad = await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/settings/test-connection',
        headers: { cookie: dev.cookie },
        payload: { url: 'n8n.local' },
      });
      expect(bad.statusCode).toBe(400);
      const refused = await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/settings/test-connection',
        headers: { cookie: dev.cookie },
        payload: { url: 'http://127.0.0.1:1/webhook' },
      });
      expect(refused.json()).toMatchObject({ reachable: false, status: null, isBlocked: false });
      expect(refused.json().message).toBe('n8n could not be reached: the connection was refused.');
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);

describeEachDatabase('n8n on a private network without N8N_ALLOW_PRIVATE_NETWORK', (ctx) => {
  it('refuses the webhook test and says how to allow a private n8n; the connection test says the same; nothing is sent or recorded', async () => {
    const c = ctx();
    const dev = await createAdmin(c, 'developer');
    await configureN8n(c, { baseUrl: n8n.webhookBase });
    const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/orders' });
    const response = await test(c, dev.cookie, endpointId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(N8N_MESSAGES.privateAddress);
    expect(response.json().message).toContain('N8N_ALLOW_PRIVATE_NETWORK=true');
    const health = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/test-connection', headers: { cookie: dev.cookie }, payload: {} });
    expect(health.json()).toMatchObject({ reachable: false, isBlocked: true, message: N8N_MESSAGES.privateAddress });
    expect(n8n.received).toHaveLength(0);
    expect(await c.database.db.select().from(n8nRequests)).toHaveLength(0);
  });
});

describeEachDatabase(
  'N8N_ALLOW_PRIVATE_NETWORK opens the n8n integration to a private n8n, and nothing else',
  (ctx) => {
    it('the n8n screens reach an n8n on a loopback address, while a customer webhook to a private address is still refused', async () => {
      const c = ctx();
      expect(c.config.fetch).toMatchObject({ allowPrivateNetworks: false, n8nPrivateNetworks: true });
      const dev = await createAdmin(c, 'developer');
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      const health = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/test-connection', headers: { cookie: dev.cookie }, payload: {} });
      expect(health.json()).toMatchObject({ reachable: true, status: 200, isBlocked: false });
      const { endpointId } = await endpointWithWorkflow(c, dev.cookie, { endpointPath: '/orders' });
      n8n.routes.set('/webhook/orders', () => ({ body: {} }));
      expect((await test(c, dev.cookie, endpointId)).json().success).toBe(true);

      // The same loopback address as a customer's webhook: refused (the flag is for the operator's n8n only).
      const customer = await createSignedInUser(c);
      const webhook = await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: customer.cookie },
        payload: { name: 'Internal', url: `${n8n.origin}/hook` },
      });
      expect(webhook.statusCode).toBe(400);
      expect(webhook.json().message).toBe(WEBHOOK_MESSAGES.privateAddress);
    });
  },
  { N8N_ALLOW_PRIVATE_NETWORK: 'true' },
);
