import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { openDemoWidget, sendInWidget } from './support/widget';

/** The owner's signing secret (Standard Webhooks: whsec_ and 32 bytes in base64); the shop's receiver verifies with it. */
const SECRET = `whsec_${Buffer.from('parley-e2e-demo-booking-secret!!').toString('base64')}`;

const settled = (locator: Locator) => locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

describe('actions offered as buttons by the built-in answerer: the visitor confirms, Parley calls the endpoint', () => {
  // The shop's booking endpoint, verifying every call's signature.
  const received: { payload: { action: string; arguments: Record<string, unknown>; conversation_id: string }; isVerified: boolean }[] = [];
  const receiver: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let isVerified = false;
      try {
        new Webhook(SECRET).verify(raw, req.headers as Record<string, string>);
        isVerified = true;
      } catch {
        isVerified = false;
      }
      received.push({ payload: JSON.parse(raw) as (typeof received)[number]['payload'], isVerified });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Your demo is booked for Friday at 10:00.' }));
    });
  });
  let receiverUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  test('a matching question shows the button; its fields and “Send to …?” come before anything is sent; the outcome shows', async ({
    server,
    newContext,
    signUp,
  }) => {
    const { page: ownerPage } = await signUp({ firstName: 'Grace', lastName: 'Owner' });
    const api = ownerPage.request;
    const chatbotId = await createLiveChatbot(api, server, {
      name: 'Acme Rockets',
      text: ACME_FAQ,
      appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
    });
    const added = await api.post(`${server.url}/api/chatbots/${chatbotId}/actions`, {
      headers: { origin: server.url },
      data: {
        name: 'book_demo',
        description: 'Books a product demo with the sales team for the visitor.',
        url: `${receiverUrl}/demos`,
        signingSecret: SECRET,
        offerAsButton: true,
        buttonLabel: 'Book a demo',
        parameters: {
          type: 'object',
          properties: {
            email: { type: 'string', description: 'Where we send the invitation' },
            team_size: { type: 'integer', description: 'How many people will join' },
          },
          required: ['email'],
        },
      },
    });
    expect(added.status(), await added.text()).toBe(201);

    const visitor = await newContext({ viewport: { width: 1280, height: 900 } });
    const { page, log, pageErrors } = await openDemoWidget(visitor, server.url, chatbotId, 'Acme help');

    // A question the documents answer, about something else: no button.
    await sendInWidget(page, 'How long do refunds take?');
    await log
      .getByText(/five working days/)
      .first()
      .waitFor();
    await log.getByRole('group', { name: 'Rate this answer' }).first().waitFor();
    expect(await log.getByRole('group', { name: 'Actions you can take' }).count()).toBe(0);

    // Asking for a demo: the button under the answer.
    await sendInWidget(page, 'Can I book a demo with your sales team?');
    const actions = log.getByRole('group', { name: 'Actions you can take' });
    const button = actions.getByRole('button', { name: 'Book a demo' });
    await button.waitFor();
    await settled(log);
    await screenshot(page, 'action-buttons-offer', { fullPage: false });

    // The button asks for the fields and a confirmation; nothing is sent yet.
    await button.click();
    const card = actions.getByRole('form', { name: 'Send to Book a demo?' });
    await card.waitFor();
    const email = card.getByLabel('Email');
    expect(await email.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('alert').filter({ hasText: 'Email is required.' }).waitFor();
    await email.fill('ada@example.com');
    await card.getByLabel('Team size (optional)').fill('4');
    expect(received).toEqual([]);
    await settled(log);
    await screenshot(page, 'action-buttons-confirm', { fullPage: false });

    // Cancel brings the button back; the second time the visitor confirms.
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.waitFor({ state: 'detached' });
    await button.click();
    await card.getByLabel('Email').fill('ada@example.com');
    await card.getByLabel('Team size (optional)').fill('4');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await log.getByRole('status').filter({ hasText: 'Done. Your demo is booked for Friday at 10:00.' }).waitFor();
    await button.waitFor({ state: 'detached' });
    expect(received).toHaveLength(1);
    expect(received[0]!.isVerified).toBe(true);
    expect(received[0]!.payload).toMatchObject({ action: 'book_demo', arguments: { email: 'ada@example.com', team_size: 4 } });
    await settled(log);
    await screenshot(page, 'action-buttons-done', { fullPage: false });

    // A reload keeps the outcome, and the action done is not offered again.
    await page.reload();
    await page.getByRole('button', { name: 'Open chat: Acme help' }).click();
    await log.getByText('Done. Your demo is booked for Friday at 10:00.').waitFor();
    expect(await log.getByRole('button', { name: 'Book a demo' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
