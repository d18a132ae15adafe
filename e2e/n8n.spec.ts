import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { deleteWhere, type SharedServer } from './support/shared-server';

const N8N_API_KEY = 'n8n_api_e2e_key_1234';

/** A stand-in for n8n on this machine: /healthz and one webhook, every request kept. */
const received: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let n8n: Server;
let n8nOrigin = '';
beforeAll(async () => {
  n8n = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/healthz') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      if (req.url === '/webhook/orders') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      // n8n's public API, for the API key the admin saves: its workflows and whether each is active.
      if (req.url === '/api/v1/workflows?limit=250') {
        if (req.headers['x-n8n-api-key'] !== N8N_API_KEY)
          return res.writeHead(401, 'Unauthorized', { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'wf_orders', active: true }], nextCursor: null }));
      }
      // n8n's answer when the Header Auth credential does not match the bearer secret.
      if (req.url === '/webhook/parley/ingest') {
        return res.writeHead(403, 'Forbidden', { 'content-type': 'application/json' }).end('{"code":403,"message":"Authorization data is wrong!"}');
      }
      res.writeHead(404, 'Not Found').end();
    });
  });
  await new Promise<void>((resolve) => n8n.listen(0, '127.0.0.1', resolve));
  n8nOrigin = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => n8n.close(() => resolve())));

/** Puts the installation's System Configuration back and removes what the test added to n8n: later tests process their documents built in. */
async function restoreN8n(server: SharedServer, configuration: Record<string, unknown>): Promise<void> {
  const restored = await server.rootAdmin.put('/api/admin/system-configuration', { data: configuration });
  expect(restored.status(), await restored.text()).toBe(200);
  await deleteWhere(server, '/api/admin/n8n/workflows', (workflow) => workflow.name === 'Order status lookup');
  await deleteWhere(server, '/api/admin/n8n/webhooks', (endpoint) => endpoint.name === 'Orders');
  await deleteWhere(server, '/api/admin/n8n/routing-rules', (rule) => rule.name === 'Large PDFs');
  await server.rootAdmin.put('/api/admin/n8n/settings/api-key', { data: { apiKey: null } });
}

describe('n8n integration management', () => {
  // The stand-in runs on this machine: the server may call private addresses (the shared server's
  // ALLOW_PRIVATE_FETCH), as for an operator's own n8n.
  test('adds a workflow and a webhook endpoint, tests it against n8n with the bearer secret, and sees it in Monitoring', async ({ server, signUp }) => {
    const admin = await signUp({ firstName: 'Nia', lastName: 'Ops', admin: true });
    const page = admin.page;

    // A system admin points Parley at n8n (System Configuration).
    const config = (await (await page.request.get(`${server.url}/api/admin/system-configuration`)).json()) as Record<string, unknown>;
    delete config.updatedAt;
    delete config.updatedBy;
    onTestFinished(() => restoreN8n(server, config));
    const saved = await page.request.put(`${server.url}/api/admin/system-configuration`, {
      headers: { origin: server.url },
      data: { ...config, processingMode: 'n8n_integration', n8nWebhookBaseUrl: `${n8nOrigin}/webhook` },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${server.url}/admin/n8n-integration`);
    await waitForConsole(page);
    await page.getByText('No workflows yet').waitFor();

    // Add Workflow: no field is required; Create Workflow stores it inactive.
    await page.getByRole('button', { name: 'Add Workflow' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Order status lookup');
    await dialog.getByLabel('Description').fill('Answers where an order is.');
    await dialog.getByLabel('n8n workflow ID').fill('wf_orders');
    await dialog.getByLabel('Endpoint URL').fill('/orders');
    await dialog.getByLabel('Trigger').click();
    await page.getByRole('option', { name: 'Schedule' }).click();
    await dialog.getByRole('button', { name: 'Create Workflow' }).click();
    await page.getByText('Workflow configuration created successfully').first().waitFor();
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Order status lookup' });
    await row.getByText('Inactive').last().waitFor();
    await row.getByText('Schedule', { exact: true }).waitFor();
    await screenshot(page, 'n8n-workflows');

    // A webhook endpoint for it, tested from the server.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpointDialog = page.getByRole('dialog');
    await endpointDialog.getByLabel('Name').fill('Orders');
    await endpointDialog.getByLabel('Endpoint path').fill('/orders');
    await endpointDialog.getByLabel('Method').click();
    await page.getByRole('option', { name: 'POST' }).click();
    await endpointDialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Webhook endpoint added').first().waitFor();
    await page.getByRole('button', { name: 'Test Orders' }).click();
    await page.getByText('Webhook test successful').first().waitFor();
    const test = received.find((r) => r.path === '/webhook/orders');
    expect(test?.method).toBe('POST');
    expect(test?.headers.authorization).toMatch(/^Bearer prly_n8n_/);
    expect(test?.headers.cookie).toBeUndefined();
    expect(JSON.parse(test!.body)).toMatchObject({ test: true });
    await page.getByTestId('endpoint-row').filter({ hasText: 'Orders' }).getByText('1', { exact: true }).waitFor();

    // Monitoring counts the recorded request.
    await page.getByRole('tab', { name: 'Monitoring' }).click();
    await page.getByTestId('recent-request').first().getByText('Webhook test').waitFor();
    expect(await page.getByTestId('stat-executions').textContent()).toContain('1');
    expect(await page.getByTestId('stat-success-rate').textContent()).toContain('100%');
    await screenshot(page, 'n8n-monitoring');

    // A document while n8n refuses Parley's secret: the built-in pipeline processes it (fallback is on by default), and
    // Monitoring names the document, how it ended and n8n's own reason.
    await createLiveChatbot(page.request, server, { name: 'Pump handbook', text: ACME_FAQ });
    expect(received.filter((r) => r.path === '/webhook/parley/ingest').length).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Monitoring' }).click();
    const document = page.getByTestId('recent-document').filter({ hasText: 'faq' }).first();
    await document.getByText('Processed by the built-in pipeline instead').waitFor();
    await document.getByText('HTTP 403: Forbidden (n8n: "Authorization data is wrong!")').waitFor();
    await page.getByTestId('recent-request').first().getByText('Document hand-off').waitFor();
    await screenshot(page, 'n8n-monitoring-documents');

    // The connection test reaches n8n's health endpoint.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByTestId('n8n-connection-result').getByText('n8n is reachable').waitFor();
    expect(received.some((r) => r.path === '/healthz' && r.method === 'GET')).toBe(true);

    // A routing rule that keeps large PDFs in the built-in pipeline.
    await page.getByRole('tab', { name: 'Routing' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const ruleDialog = page.getByRole('dialog');
    await ruleDialog.getByLabel('Name').fill('Large PDFs');
    await ruleDialog.getByLabel('Condition').fill("file_type == 'pdf' and size_kb > 500");
    await ruleDialog.getByLabel('Action').click();
    await page.getByRole('option', { name: 'Built-in pipeline (edge_function)' }).click();
    await ruleDialog.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Routing rule created').first().waitFor();
    await page.getByTestId('routing-rule').filter({ hasText: 'Large PDFs' }).getByText('Built-in pipeline (edge_function)').waitFor();
    await screenshot(page, 'n8n-routing-rules');

    // With an n8n API key, the Workflows tab shows the workflow's state in n8n itself beside Parley's own flag.
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('n8n API key').fill(N8N_API_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByTestId('n8n-api-key-hint').getByText('…1234').waitFor();
    await page.getByRole('tab', { name: 'Workflows' }).click();
    const stateRow = page.getByTestId('workflow-row').filter({ hasText: 'Order status lookup' });
    await stateRow.getByText('Active in n8n').waitFor();
    await stateRow.getByText('Inactive', { exact: true }).last().waitFor();
    await screenshot(page, 'n8n-workflows-states');
    await admin.context.close();
  });
});

describe('architecture page', () => {
  test('shows every architecture diagram rendered by Mermaid, the data model among them', async ({ server, signUp }) => {
    const admin = await signUp({ firstName: 'Ari', lastName: 'Tect', admin: true });
    const page = admin.page;
    const refused: string[] = [];
    page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));

    await page.goto(`${server.url}/admin/architecture`);
    await waitForConsole(page);
    const cards = page.locator('[data-testid^="diagram-"][data-state]');
    expect(await cards.count()).toBe(7);
    // Each renders when it comes into view.
    for (let index = 0; index < 7; index += 1) {
      const card = cards.nth(index);
      await card.scrollIntoViewIfNeeded();
      await card.and(page.locator('[data-state="rendered"]')).waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('diagram-image').locator('svg').count()).toBe(1);
    }
    const dataModel = page.getByTestId('diagram-data-model');
    expect(await dataModel.getByTestId('diagram-image').textContent()).toContain('organization_invitations');
    expect(await page.getByText('Failed to render diagram').count()).toBe(0);
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await page.getByTestId('diagram-system-context').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-architecture');
    await admin.context.close();
  });
});
