import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { signUpAndConfirm } from './support/accounts';
import { screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

const TRY_IT = 'Try it: ask the assistant in the corner';

/** Collects page errors and console errors, except the expected 401 of /api/me for a visitor. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  return errors;
}

describe('the landing page without a demo chatbot', () => {
  test('introduces Parley, links to sign-up and sign-in, shows the public plans, and no demo', async ({ server, newContext }) => {
    const context = await newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: /AI chatbots that answer from your own documents/ }).waitFor();
    for (const feature of ['Answers grounded in your documents', 'One line on your website', 'Live handoff to a person', 'An OpenAI-compatible API']) {
      await page.getByRole('heading', { name: feature }).waitFor();
    }
    // The seeded Free plan, from GET /api/public/pricing.
    await page.getByTestId('pricing-plan-card').filter({ hasText: 'Free' }).waitFor();
    expect(await page.getByText(`${server.url}/widget.js`).count()).toBe(1);
    expect(await page.getByText(TRY_IT).count()).toBe(0);
    expect(await page.locator('parley-chat').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'landing-375');

    await page.getByRole('main').getByRole('link', { name: 'Get started', exact: true }).click();
    await page.waitForURL(/\/auth\?mode=sign-up/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Servers of its own: the operator restarts Parley with PUBLIC_DEMO_CHATBOT_ID set.
describe('the landing page with a demo chatbot (PUBLIC_DEMO_CHATBOT_ID)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-landing-'));
  let setup: RunningServer | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await setup?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('puts the live demo in the corner: it answers, leaves with the page and comes back with its conversation', async ({ newContext }) => {
    // The operator builds a live chatbot, then restarts Parley with PUBLIC_DEMO_CHATBOT_ID naming it.
    setup = await startServer({ DATA_DIR: dataDir });
    const owner = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), setup, { firstName: 'Olga', lastName: 'Operator' });
    const chatbotId = await createLiveChatbot(owner.page.request, setup, {
      name: 'Acme Rockets',
      text: ACME_FAQ,
      appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
    });
    await owner.context.close();
    await setup.stop();
    server = await startServer({ DATA_DIR: dataDir, PUBLIC_DEMO_CHATBOT_ID: chatbotId });

    const visitor = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await page.getByText(TRY_IT).waitFor();
    await page.getByRole('note', { name: 'Live demo' }).getByText('Acme Rockets').waitFor();

    // The same widget customers embed, loaded from Parley's own origin under the page's CSP.
    const launcher = page.getByRole('button', { name: 'Open chat: Acme help' });
    await launcher.click();
    const input = page.getByPlaceholder('Type your question…');
    await input.fill('How long do refunds take?');
    await input.press('Enter');
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByText(/five working days/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'landing-demo', { fullPage: false });

    // Leaving the page takes the widget away; coming back brings it back, conversation and all.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { name: 'Simple pricing for grounded chatbots' }).waitFor();
    expect(await page.locator('parley-chat').count()).toBe(0);
    await page.goBack();
    await page.getByText(TRY_IT).waitFor();
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByText(/five working days/)
      .first()
      .waitFor();
    expect(await page.locator('script[src="/widget.js"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await visitor.close();

    // A signed-in customer is offered the dashboard instead of sign-up.
    const customer = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, { firstName: 'Carl', lastName: 'Customer' });
    await customer.page.goto(`${server.url}/`);
    await customer.page.getByRole('main').getByRole('link', { name: 'Go to dashboard', exact: true }).waitFor();
    expect(await customer.page.getByRole('link', { name: 'Get started', exact: true }).count()).toBe(0);
    await customer.context.close();
  });
});
