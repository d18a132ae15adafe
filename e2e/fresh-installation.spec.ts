import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import { confirmationLink } from './support/server';
import { ownServer } from './support/suite';

/** The customer's document: one fact the answer must come from. */
const GUIDE = `# Lumen Bikes help centre

## Battery warranty

Every Lumen e-bike battery is covered by a three-year warranty. Send the warranty claim form with your order number to claims@lumen.example.

## Servicing

We recommend a service every 2,000 kilometres. Any Lumen partner workshop can service your bike.
`;
const PROCESSING_TIMEOUT_MS = 60_000;

/** The sandbox's hosted checkout: a card that pays at once. */
async function payWithTestCard(page: Page, amount: string): Promise<void> {
  await page.waitForURL(/\/checkout\/sandbox\/cs_sandbox_/);
  expect(await page.getByTestId('checkout-amount').textContent()).toBe(amount);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** The dialog that just opened has finished its opening animation (for a screenshot). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/**
 * A new installation started as `npm start` starts it: the built server on a new embedded database, the sandbox
 * payment provider, SEED_CATALOGUE left unset (on by default), and nobody ever opening /admin. The whole path from the
 * pricing page to a paid plan works on the starter catalogue alone.
 */
describe('a fresh installation sells something, from sign-up to a paid plan', () => {
  const own = ownServer({ SEED_CATALOGUE: undefined });

  test('a visitor sees the plans, signs up, builds a chatbot from a template, trains and asks it, then buys a plan and tokens', async ({ newContext }) => {
    const { server } = own;
    const page = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();

    // /pricing: the starter plans, top-ups and questions, before anyone has configured anything.
    await page.goto(`${server.url}/pricing`);
    const cards = page.getByTestId('pricing-plan-card');
    await cards.first().waitFor();
    expect(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual(['Free', 'Starter', 'Pro']);
    await cards.filter({ hasText: 'Pro' }).getByText('$49').waitFor();
    await cards.filter({ hasText: 'Pro' }).getByText('5,000,000 AI Tokens/month').waitFor();
    await page.getByRole('heading', { name: 'Need more tokens?' }).waitFor();
    expect(await page.getByRole('list', { name: 'Token packages' }).getByRole('listitem').count()).toBe(3);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await screenshot(page, 'fresh-installation-pricing');

    // The Pro card's button leads to sign-up; the confirmation link from the outbox signs the customer in.
    await cards.filter({ hasText: 'Pro' }).getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/auth\?mode=sign-up/);
    const email = uniqueEmail('Fay', 'Fresh');
    await page.getByLabel('First name').fill('Fay');
    await page.getByLabel('Last name').fill('Fresh');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(/check your e-?mail/i)
      .first()
      .waitFor();
    await page.goto(await confirmationLink(server, email));
    await page.waitForURL(/\/dashboard/);

    // A chatbot from the template gallery, prefilled from the help-centre template.
    await page.goto(`${server.url}/dashboard/chatbots`);
    await page.getByRole('button', { name: 'Start from a template' }).click();
    const choices = page.getByTestId('template-choice');
    await choices.first().waitFor();
    expect(await choices.count()).toBe(3);
    await settled(page);
    await screenshot(page, 'fresh-installation-template-gallery', { fullPage: false });
    await choices.filter({ hasText: 'Help centre assistant' }).click();
    await page.waitForURL(/\/dashboard\/chatbots\/new\?template=[0-9a-f-]{36}$/);
    await page.getByTestId('chatbot-template-banner').getByText('Starting from “Help centre assistant”').waitFor();
    expect(await page.getByLabel('System prompt').inputValue()).toMatch(/^You are the help centre assistant of our company/);
    await page.getByLabel('Name', { exact: true }).fill('Lumen help');
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.waitForURL(/\/dashboard\/chatbots\/[0-9a-f-]{36}\?tab=training-data$/);

    // A document: its cost is shown before it is added (the Free plan's whole month is left), then it is processed.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({ name: 'lumen-help.md', mimeType: 'text/markdown', buffer: Buffer.from(GUIDE) });
    const toAdd = page.getByTestId('files-to-add');
    await toAdd.getByText('lumen-help.md').waitFor();
    const cost = toAdd.getByTestId('source-cost');
    await cost.waitFor();
    expect((await cost.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /This document will cost [1-9][\d,]* tokens; 100,000 of your 100,000 tokens are left this month\./,
    );
    await screenshot(page, 'fresh-installation-document-cost', { fullPage: false });
    await toAdd.getByRole('button', { name: 'Add document' }).click();
    const row = page.getByRole('list', { name: 'Sources' }).getByRole('listitem', { name: 'lumen-help.md', exact: true });
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: PROCESSING_TIMEOUT_MS });

    // The test chat greets with the template's welcome and answers from the document.
    await page.getByRole('tab', { name: 'Test chat' }).click();
    await page.getByText('Hi! I can answer questions from our help centre. What can I help you with?').waitFor();
    await page.getByLabel('Question').fill('How long is the battery warranty?');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    await log
      .getByText(/three-year warranty/)
      .first()
      .waitFor();
    await log.getByRole('list', { name: 'Sources' }).first().getByText('lumen-help.md').waitFor();
    await screenshot(page, 'fresh-installation-test-chat', { fullPage: false });

    // The Pro plan, bought through the sandbox checkout: it shows on Subscription.
    await page.goto(`${server.url}/dashboard/subscription`);
    await page.getByText('Free plan').first().waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await payWithTestCard(page, '$49.00 / month');
    await page.waitForURL(/\/dashboard\/subscription/);
    await page.getByText('Pro plan').first().waitFor();
    await page.getByText('/ 25').first().waitFor();
    await screenshot(page, 'fresh-installation-subscription');

    // A token package, bought the same way: the tokens show on Billing.
    await page.goto(`${server.url}/dashboard/billing`);
    await page.getByTestId('token-balance').waitFor();
    expect(await page.getByText('No token packages are on sale right now.').count()).toBe(0);
    await page.getByRole('button', { name: 'Buy Medium top-up' }).click();
    await payWithTestCard(page, '$20.00');
    await page.waitForURL(/\/dashboard\/billing/);
    await expect.poll(async () => (await page.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('500,000 tokens');
    // The package's receipt is listed with its PDF.
    await page.getByRole('link', { name: 'PDF' }).first().waitFor();
    await screenshot(page, 'fresh-installation-billing');
  });
});
