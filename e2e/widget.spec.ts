import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { DOCS_SCREENSHOT_DIR, screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { sendInWidget } from './support/widget';

/** A customer's website on another origin: one page embedding the widget from the Parley server. */
async function startShop(parleyUrl: string, chatbotId: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme shop</title></head>
<body><h1>Acme shop</h1><p>Rockets for every budget.</p>
<script src="${parleyUrl}/widget.js" data-chatbot-id="${chatbotId}" async></script></body></html>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Waits for the panel's opening animation, so screenshots and measurements see it at rest. */
async function panelSettled(page: Page): Promise<void> {
  await page.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}

/** True when the element is what has focus inside the widget's shadow root. */
async function hasFocus(page: Page, label: string): Promise<boolean> {
  return page.getByLabel(label, { exact: true }).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
}

describe('visitors chat with a live chatbot through the embeddable widget', () => {
  let shop: { url: string; server: Server } | undefined;
  afterAll(() => {
    shop?.server.close();
  });

  test('demo page: streamed answer with its source, remembered after a reload, usable at 375 px; other websites only once allowed', async ({
    server,
    newContext,
    signUp,
  }) => {
    // The owner signs up, builds a chatbot from one text source and sets it live, all through the API.
    const { context: owner, page: ownerPage } = await signUp({ firstName: 'Grace', lastName: 'Hopper' });
    const api = ownerPage.request;
    const chatbotId = await createLiveChatbot(api, server, {
      name: 'Acme Rockets',
      text: ACME_FAQ,
      welcomeMessage: 'Hi! I answer questions about Acme rockets, refunds and shipping.',
      suggestedQuestions: ['How long do refunds take?', 'Where do you ship from?'],
      appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
    });

    // A visitor, in a browser of their own, opens the demo page.
    const visitor = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${server.url}/demo/${chatbotId}`);
    expect(await page.title()).toBe('Acme Rockets — demo');
    const launcher = page.getByRole('button', { name: 'Open chat: Acme help' });
    await launcher.waitFor();
    await screenshot(page, 'widget-closed', { fullPage: false });

    await launcher.click();
    await page.getByRole('dialog', { name: 'Acme help' }).waitFor();
    await page.getByText('Hi! I answer questions about Acme rockets, refunds and shipping.').waitFor();
    await page.getByRole('button', { name: 'Where do you ship from?' }).waitFor();
    expect(await hasFocus(page, 'Your message')).toBe(true);
    await panelSettled(page);
    await screenshot(page, 'widget-open', { fullPage: false });

    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/public/chatbots/${chatbotId}/messages`));
    await page.getByLabel('Your message', { exact: true }).fill('How long do refunds take?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const answer = await answered;
    expect(answer.headers()['content-type']).toContain('text/event-stream');
    // The source list shows each passage by the number the answer cites it by (its place among the passages).
    const done = (await answer.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; citations?: { number?: number }[] })
      .find((event) => event.type === 'done');
    const cited = done?.citations?.[0]?.number;
    expect(cited).toBeGreaterThan(0);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log
      .getByText(/five working days/)
      .first()
      .waitFor();
    const faq = log.locator('summary', { hasText: 'faq' });
    await faq.waitFor();
    expect(await faq.textContent()).toBe(`[${cited}]faq`);
    // The suggestions make way for the conversation.
    expect(await page.getByRole('button', { name: 'Where do you ship from?' }).count()).toBe(0);
    await faq.click();
    await log.locator('blockquote', { hasText: 'five working days' }).waitFor();
    await panelSettled(page);
    await screenshot(page, 'widget-answer', { fullPage: false });
    await screenshot(page, 'widget-demo', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });

    // Escape closes the panel and gives focus back to the launcher.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await hasFocus(page, 'Open chat: Acme help')).toBe(true);

    // A reload continues the conversation: the messages are redrawn, and the next question carries its id.
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { conversationId?: string; visitorId?: string },
      `parley:widget:${chatbotId}`,
    );
    expect(stored.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('button', { name: 'Open chat: Acme help' }).click();
    await log.getByText('How long do refunds take?').waitFor();
    await log
      .getByText(/five working days/)
      .first()
      .waitFor();
    await log.locator('summary', { hasText: 'faq' }).waitFor();
    const followUp = page.waitForRequest((r) => r.url().endsWith('/messages') && r.method() === 'POST');
    await sendInWidget(page, 'Where do you ship from?');
    expect((await followUp).postDataJSON()).toEqual({ message: 'Where do you ship from?', visitorId: stored.visitorId, conversationId: stored.conversationId });
    await log
      .getByText(/Rotterdam/)
      .first()
      .waitFor();

    // No script errors and no CSP violations on Parley's own page.
    expect(pageErrors).toEqual([]);

    // Too many messages: the 429 is explained in the conversation (answered here by the test, not the server).
    await page.route('**/messages', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '42', 'content-type': 'application/json' },
        body: JSON.stringify({ statusCode: 429, message: 'Too many messages.' }),
      }),
    );
    await sendInWidget(page, 'And the warranty?');
    await log.getByRole('alert').filter({ hasText: 'Too many messages, try again in 42 s.' }).waitFor();
    await panelSettled(page);
    await screenshot(page, 'widget-rate-limited', { fullPage: false });
    await visitor.close();

    // On a phone the panel fills the screen.
    const phone = await newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/demo/${chatbotId}`);
    await phonePage.getByRole('button', { name: 'Open chat: Acme help' }).click();
    const dialog = phonePage.getByRole('dialog', { name: 'Acme help' });
    await dialog.waitFor();
    await panelSettled(phonePage);
    const box = await dialog.boundingBox();
    expect([box?.x, box?.y, box?.width, box?.height].map((v) => Math.round(v ?? -1))).toEqual([0, 0, 375, 740]);
    await phonePage.getByRole('button', { name: 'How long do refunds take?' }).click();
    await phonePage
      .getByRole('log')
      .getByText(/five working days/)
      .first()
      .waitFor();
    await phonePage.getByRole('log').locator('summary', { hasText: 'faq' }).waitFor();
    await screenshot(phonePage, 'widget-mobile', { fullPage: false });
    await phonePage.getByRole('button', { name: 'Close chat' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await phone.close();

    // Another website is refused until the owner adds it to the allowed origins.
    shop = await startShop(server.url, chatbotId);
    const shopper = await newContext({ viewport: { width: 1280, height: 800 } }, { asClient: false });
    const shopPage = await shopper.newPage();
    await shopPage.goto(shop.url);
    await shopPage.getByRole('button', { name: /^Open chat/ }).click();
    await shopPage.getByRole('alert').filter({ hasText: 'This website is not allowed to use this chatbot.' }).waitFor();
    await panelSettled(shopPage);
    await screenshot(shopPage, 'widget-refused', { fullPage: false });

    const allowed = await api.patch(`${server.url}/api/chatbots/${chatbotId}`, { headers: { origin: server.url }, data: { allowedOrigins: [shop.url] } });
    expect(allowed.status()).toBe(200);
    await shopPage.reload();
    await shopPage.getByRole('button', { name: 'Open chat: Acme help' }).click();
    await shopPage.getByLabel('Your message', { exact: true }).fill('How long do refunds take?');
    await shopPage.keyboard.press('Enter');
    await shopPage
      .getByRole('log')
      .getByText(/five working days/)
      .first()
      .waitFor();
    await shopPage.getByRole('log').locator('summary', { hasText: 'faq' }).waitFor();
    await panelSettled(shopPage);
    await screenshot(shopPage, 'widget-on-another-website', { fullPage: false });
    await shopper.close();
    await owner.close();
  });
});
