import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import { deleteWhere } from './support/shared-server';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A customer's endpoint on this machine: it records what arrives and answers 200 (the server may call it: ALLOW_PRIVATE_FETCH). */
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let refuseFirstBotCreated = true;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(parts).toString('utf8') });
      // The first bot.created is refused once, so its delivery log shows a retry.
      if (refuseFirstBotCreated && received.at(-1)!.body.includes('"bot.created"')) {
        refuseFirstBotCreated = false;
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end('busy, try later');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('outbound webhooks', () => {
  test('a customer adds a webhook, presses Test and sees the signed delivery in the log; a new chatbot is delivered too', async ({
    server,
    signUp,
    makeAdmin,
  }) => {
    // An installation-wide webhook receives every organization's events: the one this test adds goes after it.
    onTestFinished(() => deleteWhere(server, '/api/admin/webhook-configs', (webhook) => webhook.name === 'Operations'));
    const wendy = await signUp({ firstName: 'Wendy', lastName: 'Hooks' });
    const { page } = wendy;
    await page.goto(`${server.url}/dashboard/webhooks`);
    await page.getByText('No webhooks yet').waitFor();

    await page.getByRole('button', { name: 'Add Webhook' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('Order system');
    await form.getByLabel('Webhook URL').fill(`${receiverUrl}/hooks/parley`);
    // The spec's defaults are chosen already: bot.created and bot.updated, 3 retries, 30 s.
    expect(await form.getByLabel('Retry count').inputValue()).toBe('3');
    expect(await form.getByLabel('Timeout (seconds)').inputValue()).toBe('30');
    expect(await form.getByRole('checkbox', { name: /bot\.created/ }).getAttribute('data-state')).toBe('checked');
    // Invalid header JSON: the spec's save failure, nothing saved.
    await form.getByLabel('Headers (JSON)').fill('{"X-Env": ');
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await page.getByText('Failed to save webhook configuration').first().waitFor();
    await form.getByLabel('Headers (JSON)').fill('{"X-Env": "e2e"}');
    await form.getByRole('button', { name: 'Add Webhook' }).click();

    // The signing secret is shown once.
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const card = page.getByTestId('webhook-card').filter({ hasText: 'Order system' });
    await card.getByText(`whsec_…${secret.slice(-4)}`).waitFor();

    await card.getByRole('button', { name: 'Test' }).click();
    await page.getByText('Webhook test successful').first().waitFor();
    const test = received.find((request) => request.url === '/hooks/parley');
    expect(test).toBeDefined();
    expect(test!.headers['x-env']).toBe('e2e');
    const payload = new Webhook(secret).verify(test!.body, test!.headers as Record<string, string>) as { type: string };
    expect(payload.type).toBe('webhook.test');

    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog');
    const row = log.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await row.getByText('Delivered').waitFor();
    await row.getByText('HTTP 200').waitFor();
    await row.getByRole('button', { name: /Details of webhook\.test/ }).click();
    await log.getByText('{"ok":true}').waitFor();
    await screenshot(page, 'webhooks-delivery-log');
    await page.keyboard.press('Escape');

    // A real event: creating a chatbot sends bot.created through the outbox and the delivery worker.
    const created = await page.request.post(`${server.url}/api/chatbots`, { headers: { origin: server.url }, data: { name: 'Shop assistant' } });
    expect(created.status()).toBe(201);
    await card.getByRole('button', { name: 'Deliveries' }).click();
    // Refused once (HTTP 500), delivered on the retry about 10 s later: the details list both attempts.
    const botCreated = log.getByTestId('webhook-delivery').filter({ hasText: 'bot.created' });
    await botCreated.getByText('Delivered').waitFor({ timeout: 45_000 });
    await botCreated.getByText('2 attempts').waitFor();
    await botCreated.getByRole('button', { name: /Details of bot\.created/ }).click();
    const attempts = botCreated.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    expect(await attempts.count()).toBe(2);
    await attempts.nth(0).getByText('HTTP 500', { exact: true }).waitFor();
    await attempts.nth(0).getByText('The endpoint answered HTTP 500 Internal Server Error.').waitFor();
    await attempts.nth(0).getByText('busy, try later').waitFor();
    await attempts.nth(1).getByText('HTTP 200', { exact: true }).waitFor();
    await screenshot(page, 'webhooks-delivery-attempts');
    const event = received.findLast((request) => request.body.includes('"bot.created"'))!;
    expect((new Webhook(secret).verify(event.body, event.headers as Record<string, string>) as { data: { chatbot: { name: string } } }).data.chatbot.name).toBe(
      'Shop assistant',
    );
    await screenshot(page, 'webhooks-dashboard');
    await page.keyboard.press('Escape');

    // Staff: an installation-wide webhook from System Configuration → Webhook Management.
    await makeAdmin(wendy);
    await page.goto(`${server.url}/admin/system-configuration?tab=webhooks`);
    await page.getByRole('heading', { name: 'Webhook configurations' }).waitFor();
    await page.getByRole('button', { name: 'Add Webhook' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill('Operations');
    await page.getByRole('dialog').getByLabel('Webhook URL').fill(`${receiverUrl}/ops`);
    await page.getByRole('dialog').getByRole('button', { name: 'Add Webhook' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const staffCard = page.getByTestId('webhook-card').filter({ hasText: 'Operations' });
    await staffCard.getByRole('button', { name: 'Test' }).click();
    await page.getByText('Webhook test successful').first().waitFor();
    expect(received.some((request) => request.url === '/ops')).toBe(true);
    await screenshot(page, 'webhooks-system-configuration');
  });
});
