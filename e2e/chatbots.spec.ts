import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { PASSWORD } from './support/accounts';
import { DOCS_SCREENSHOT_DIR, dismissToasts, screenshot } from './support/browser';
import { suiteAccount, suiteContext, test } from './support/fixtures';
import { confirmationLink, type RunningServer } from './support/server';

const GUIDE = `# Acme Widgets guide

## Shipping

We ship to every country in the European Union. Standard shipping takes 3 to 5 working days and costs 4.90 euros. Orders above 50 euros ship free of charge.

## Returns

You can return any product within 30 days of delivery for a full refund. Print the return label from your account page and drop the parcel at any post office.

## Warranty

Every Acme widget comes with a two-year warranty covering manufacturing defects.
`;
const OPENING_HOURS = 'Our support team answers the phone from 9 am to 5 pm, Monday to Friday. On Saturdays the shop is open from 10 am to 2 pm.';
const PROCESSING_TIMEOUT_MS = 45_000;

/** Signs up through the form, as a customer does, and follows the confirmation link from the outbox, which signs the user in. */
async function signUpThroughForm(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(`${server.url}/auth`);
  await page.getByRole('tab', { name: /sign up/i }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page
    .getByText(/check your e-?mail/i)
    .first()
    .waitFor();
  await page.goto(await confirmationLink(server, email));
  await page.waitForURL(/\/dashboard/);
}

/** A source's row in the training data list. */
function sourceRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Sources' }).getByRole('listitem', { name, exact: true });
}

/** A viewport-sized documentation screenshot from the top of the page, at the given height; the viewport is restored after. */
async function docsScreenshot(page: Page, name: string, height: number): Promise<void> {
  await page.setViewportSize({ width: 1280, height });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshot(page, name, { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a customer builds a chatbot, trains it on documents and tries it in the test chat', () => {
  // One customer's page, from the sign-up in the first test to the API keys in the last.
  const customer = suiteContext({ viewport: { width: 1280, height: 900 } });
  let server: RunningServer;
  let page: Page;
  let chatbotUrl: string;
  test.beforeAll(async ({ server: shared }) => {
    server = shared;
    page = await customer.context.newPage();
  });

  test('builder: the contract checks the form, and Create chatbot opens the new chatbot’s page', async () => {
    await signUpThroughForm(page, server, `bots-${Date.now()}@example.com`);
    await page.goto(`${server.url}/dashboard/chatbots`);
    await page.getByText('No chatbots yet').waitFor();
    await page.getByRole('link', { name: 'New chatbot' }).click();
    await page.waitForURL(/\/dashboard\/chatbots\/new$/);

    // Nothing is sent while the contract refuses the form.
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.getByText('Name is required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/chatbots/new');

    await page.getByLabel('Name', { exact: true }).fill('Acme help desk');
    await page.getByLabel('Description').fill('Answers shoppers about shipping, returns and the warranty.');
    // The system prompt starts as the default one.
    expect(await page.getByLabel('System prompt').inputValue()).toMatch(/^You are a helpful assistant/);
    await page.getByLabel('Suggested questions').fill('How long does shipping take?');
    await page.getByLabel('Suggested questions').press('Enter');
    await page.getByLabel('Allowed origins').fill('shop.example.com/checkout');
    await page.getByLabel('Allowed origins').press('Enter');
    await page.getByText('"shop.example.com/checkout" is not a website origin such as https://www.example.com').waitFor();
    await page.getByLabel('Allowed origins').fill('https://shop.example.com/');
    await page.getByLabel('Allowed origins').press('Enter');
    await page.getByRole('button', { name: 'Remove origin https://shop.example.com' }).waitFor();
    await page.getByLabel('Colour', { exact: true }).fill('#0f766e');

    await docsScreenshot(page, 'chatbot-builder', 1500);

    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.waitForURL(/\/dashboard\/chatbots\/[0-9a-f-]{36}\?tab=training-data$/);
    chatbotUrl = page.url().split('?')[0]!;
    await page.getByRole('heading', { name: 'Acme help desk' }).waitFor();
    await page.getByText('Built-in model all-MiniLM-L6-v2 (offline, 384 dimensions)').first().waitFor();
  });

  test('training data: pasted text and an uploaded Markdown file are processed until Ready', async () => {
    await page.getByRole('tab', { name: 'Training data', selected: true }).waitFor();
    await page.getByLabel('Source name').fill('Opening hours');
    await page.getByLabel('Text', { exact: true }).fill(OPENING_HOURS);
    await page.getByRole('button', { name: 'Add text' }).click();
    await sourceRow(page, 'Opening hours').waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({ name: 'guide.md', mimeType: 'text/markdown', buffer: Buffer.from(GUIDE) });
    // The file is read first and its cost shown; it is added with Add (token-ledger.spec.ts covers the cost itself).
    await page.getByTestId('files-to-add').getByTestId('source-cost').waitFor();
    await page.getByRole('button', { name: 'Add document' }).click();
    await sourceRow(page, 'guide.md').waitFor();

    for (const name of ['Opening hours', 'guide.md']) {
      await sourceRow(page, name).getByText('Ready', { exact: true }).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
      expect(
        await sourceRow(page, name)
          .getByText(/\d+ chunks? · \d+ tokens/)
          .count(),
      ).toBe(1);
    }
    expect(await sourceRow(page, 'guide.md').getByRole('progressbar').count()).toBe(0);

    // A fresh load: no toasts in the documentation screenshot, and the list is what the server says.
    await page.reload();
    await sourceRow(page, 'guide.md').getByText('Ready', { exact: true }).waitFor();
    await docsScreenshot(page, 'chatbot-training-data', 1250);
  });

  test('test chat: answers stream in with the source they came from; an unrelated question is not found in the documents', async () => {
    await page.getByRole('tab', { name: 'Test chat' }).click();
    await page.getByText('Hi! Ask me anything about our documentation.').waitFor();
    await page.getByRole('group', { name: 'Try asking' }).getByRole('button', { name: 'How long does shipping take?' }).waitFor();

    await page.getByLabel('Question').fill('How long does standard shipping take?');
    const answered = page.waitForResponse((r) => r.url().endsWith('/test-chat'));
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    // Each source is numbered as the answer cites it: its place among the passages, as sent with the answer.
    const done = (await (await answered).text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; citations?: { number?: number; sourceName: string }[] })
      .find((event) => event.type === 'done');
    const firstCited = done?.citations?.[0];
    expect(firstCited?.number).toBeGreaterThan(0);
    await log
      .getByText(/Standard shipping takes 3 to 5 working days/)
      .first()
      .waitFor();
    await log.getByRole('list', { name: 'Sources' }).first().getByText('guide.md').waitFor();
    expect(await log.getByRole('list', { name: 'Sources' }).first().getByRole('listitem').first().innerText()).toMatch(
      new RegExp(`^${firstCited!.number}\\s*${firstCited!.sourceName}`),
    );

    // A follow-up in the same conversation, answered from the pasted text.
    await page.getByLabel('Question').fill('When does the support team answer the phone?');
    await page.getByLabel('Question').press('Enter');
    await log
      .getByText(/from 9 am to 5 pm, Monday to Friday/)
      .first()
      .waitFor();
    await log.getByRole('list', { name: 'Sources' }).nth(1).getByText('Opening hours').waitFor();
    await docsScreenshot(page, 'chatbot-test-chat', 1200);

    await page.getByLabel('Question').fill('Which planets have rings?');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Not found in your documents').waitFor();

    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await log.getByText(/Standard shipping takes/).count()).toBe(0);
  });

  test('settings, embed and deleting: changes are saved, the bot goes live, a source and the chatbot can be removed', async () => {
    // The earlier steps' toasts are closed first, so that none stands over what this step clicks.
    await dismissToasts(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Acme shop assistant');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').first().waitFor();
    await page.getByRole('heading', { name: 'Acme shop assistant' }).waitFor();

    await page.getByRole('tab', { name: 'Embed' }).click();
    const snippet = await page.getByLabel('Embed snippet').textContent();
    expect(snippet).toBe(`<script src="${server.url}/widget.js" data-chatbot-id="${chatbotUrl.split('/').at(-1)}" async></script>`);
    await page.getByRole('switch', { name: 'Live' }).click();
    await page.getByText('Acme shop assistant is live.').first().waitFor();
    expect(await page.getByRole('switch', { name: 'Live' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('link', { name: 'Open the demo page' }).getAttribute('href')).toBe(`${server.url}/demo/${chatbotUrl.split('/').at(-1)}`);

    await page.getByRole('tab', { name: 'Training data' }).click();
    await page.getByRole('button', { name: 'Delete Opening hours' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Opening hours was deleted.').first().waitFor();
    await sourceRow(page, 'Opening hours').waitFor({ state: 'detached' });

    await page.goto(`${server.url}/dashboard/chatbots`);
    const card = page.getByRole('link', { name: /Acme shop assistant/ });
    await card.getByText('1 source').waitFor();
    await card.getByText('Live').waitFor();

    await card.click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete chatbot' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete chatbot' }).click();
    await page.waitForURL(/\/dashboard\/chatbots$/);
    await page.getByText('No chatbots yet').waitFor();
  });

  test('training data: a long list comes a page at a time, newest first, and can be searched and narrowed by status', async () => {
    const api = page.context().request;
    const headers = { origin: server.url };
    const created = await api.post(`${server.url}/api/chatbots`, { headers, data: { name: 'Policy library' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (let i = 1; i <= 23; i++) {
      const name = `Policy ${String(i).padStart(2, '0')}`;
      const added = await api.post(`${server.url}/api/chatbots/${id}/sources/text`, {
        headers,
        data: { name, text: `${name}: every member of staff may take ${i} days a year for training courses.` },
      });
      expect(added.status()).toBe(201);
    }
    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    // The heading counts the whole chatbot, and stops saying "processing…" once every page is done.
    await page.getByText(/^23 sources · \d+ chunks · [\d,]+ tokens$/).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    const pager = page.getByRole('navigation', { name: 'Source pages' });
    await pager.getByText('1–20 of 23').waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.first().getAttribute('aria-label')).toBe('Policy 23');
    await screenshot(page, 'training-data-paged');

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('21–23 of 23').waitFor();
    // The pager may say so a moment before the list shows the new page's rows (the previous page stays while it loads).
    await expect.poll(() => rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual(['Policy 03', 'Policy 02', 'Policy 01']);

    // Searching starts from the first page again: "policy 1" is Policy 10 to 19.
    await page.getByLabel('Search sources by name').fill('policy 1');
    await pager.waitFor({ state: 'detached' });
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual(
      Array.from({ length: 10 }, (_, i) => `Policy ${19 - i}`),
    );

    await page.getByLabel('Search sources by name').fill('');
    await page.getByRole('combobox', { name: 'Filter sources by status' }).click();
    await page.getByRole('option', { name: 'Failed (0)' }).click();
    await page.getByText('No sources match this status.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await pager.getByText('1–20 of 23').waitFor();

    expect((await api.delete(`${server.url}/api/chatbots/${id}`, { headers })).status()).toBe(200);
  });

  test('API keys: a key is shown once when created, counted against the organization’s 50 in use, and revoked', async () => {
    await page.goto(`${server.url}/dashboard/api-keys`);
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name').fill('Shop backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your new API key' });
    await secretDialog.getByText(/^pk_/).waitFor();
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row', { name: /Shop backend/ }).waitFor();
    await page.getByText('1 of 50 keys in use.').waitFor();
    await screenshot(page, 'api-keys');

    await page
      .getByRole('row', { name: /Shop backend/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('row', { name: /Shop backend/ })
      .getByText('Revoked')
      .waitFor();
    await page.getByText('0 of 50 keys in use. Revoked and expired keys: the 20 most recent are listed.').waitFor();
  });
});

describe('the chatbot list, a page at a time', () => {
  const mona = suiteAccount({ firstName: 'Mona', lastName: 'Many', admin: true });
  let page: Page;
  // The limit lifted below is every free organization's: it is put back after this block's tests.
  let restoreFreeTier: (() => Promise<void>) | undefined;
  afterAll(() => restoreFreeTier?.());

  test('shows twelve cards a page with a pager, and searches by name once there is more than a page', async ({ server }) => {
    ({ page } = mona.account);
    // The free plan allows three chatbots; an admin lifts the limit so this organization can have fourteen.
    const headers = { origin: server.url };
    const tiers = (await (await page.request.get(`${server.url}/api/admin/tier-limits`, { headers })).json()) as {
      items: {
        id: string;
        tier: string;
        displayName: string;
        description: string;
        monthlyTokenLimit: number;
        maxHandoffsPerMonth: number;
        maxChatbots: number;
      }[];
    };
    const free = tiers.items.find((t) => t.tier === 'free')!;
    const { id, displayName, description, monthlyTokenLimit, maxHandoffsPerMonth } = free;
    const lifted = await page.request.put(`${server.url}/api/admin/tier-limits/${id}`, {
      headers,
      data: { displayName, description, monthlyTokenLimit, maxHandoffsPerMonth, maxChatbots: -1 },
    });
    expect(lifted.status()).toBe(200);
    restoreFreeTier = async () => {
      const restored = await server.rootAdmin.put(`/api/admin/tier-limits/${id}`, {
        data: { displayName, description, monthlyTokenLimit, maxHandoffsPerMonth, maxChatbots: free.maxChatbots },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    };
    for (let i = 1; i <= 14; i += 1) {
      const created = await page.request.post(`${server.url}/api/chatbots`, { headers, data: { name: `Helper ${String(i).padStart(2, '0')}` } });
      expect(created.status()).toBe(201);
    }

    await page.goto(`${server.url}/dashboard/chatbots`);
    const cards = page.getByRole('list', { name: 'Chatbots' }).getByRole('listitem');
    const pager = page.getByRole('navigation', { name: 'Chatbot pages' });
    await pager.getByText('1–12 of 14').waitFor();
    expect(await cards.count()).toBe(12);
    await cards.first().getByText('Helper 14').waitFor();
    await screenshot(page, 'chatbots-paged');

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('13–14 of 14').waitFor();
    await page.getByRole('list', { name: 'Chatbots' }).getByText('Helper 01').waitFor();
    expect(await cards.count()).toBe(2);

    await page.getByLabel('Search chatbots by name').fill('helper 07');
    await page.getByRole('list', { name: 'Chatbots' }).getByText('Helper 07').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Chatbots"] > li').length === 1);
    expect(await pager.count()).toBe(0);
    await page.getByLabel('Search chatbots by name').fill('nothing like it');
    await page.getByText('No chatbots match “nothing like it”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await pager.getByText('1–12 of 14').waitFor();
  });

  test('pickers: the API key scope loads ten chatbots at a time and searches them; the analytics filter names a chosen one it has not loaded', async ({
    server,
  }) => {
    await page.goto(`${server.url}/dashboard/api-keys`);
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name').fill('Only Helper 13');
    const scope = page.getByRole('combobox', { name: 'Scope' });
    await scope.getByText('All chatbots').waitFor();
    await scope.click();
    const options = page.getByRole('listbox', { name: 'chatbots' }).getByRole('option');
    // "All chatbots" and the first ten by name; the other four on demand.
    await page.getByRole('option', { name: 'Helper 10' }).waitFor();
    expect(await options.allTextContents()).toEqual(['All chatbots', ...Array.from({ length: 10 }, (_, i) => `Helper ${String(i + 1).padStart(2, '0')}`)]);
    await screenshot(page, 'api-key-scope-first-page', { fullPage: false });
    // Ten options and the Load more button are taller than the list: it scrolls with the wheel, inside the dialog.
    const listBox = (await page.getByRole('listbox', { name: 'chatbots' }).boundingBox())!;
    await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.getByRole('listbox', { name: 'chatbots' }).evaluate((list) => list.parentElement!.scrollTop)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Load more (10 of 14)' }).click();
    await page.getByRole('option', { name: 'Helper 14' }).waitFor();
    expect(await options.count()).toBe(15);
    expect(await page.getByRole('button', { name: /^Load more/ }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search chatbots' }).fill('per 13');
    await page.waitForFunction(() => document.querySelectorAll('[role=listbox] [role=option]').length === 1);
    expect(await options.allTextContents()).toEqual(['Helper 13']);
    await screenshot(page, 'api-key-scope-search', { fullPage: false });
    await page.getByRole('searchbox', { name: 'Search chatbots' }).fill('nothing like it');
    await page.getByText('No chatbots match “nothing like it”.').waitFor();
    await page.getByRole('searchbox', { name: 'Search chatbots' }).fill('helper 13');
    await page.getByRole('option', { name: 'Helper 13' }).click();
    await scope.getByText('Helper 13').waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('row', { name: /Only Helper 13/ })
      .getByText('Helper 13', { exact: true })
      .waitFor();

    // A chatbot beyond the filter's first page, chosen in a shared link: named without opening the filter.
    const found = await page.request.get(`${server.url}/api/chatbots/names?search=helper%2014`);
    const [helper14] = ((await found.json()) as { items: { id: string }[] }).items;
    await page.goto(`${server.url}/dashboard?chatbot=${helper14!.id}`);
    const filter = page.getByTestId('analytics-filter').getByRole('combobox', { name: 'Chatbot' });
    await filter.getByText('Helper 14').waitFor();
    await screenshot(page, 'analytics-chatbot-filter-by-link', { fullPage: false });
    // By keyboard: the search box has the focus; the arrows move to "All chatbots", then to the first chatbot.
    await filter.click();
    await page.getByRole('option', { name: 'Helper 01' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search chatbots');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await filter.getByText('Helper 01').waitFor();
    expect(new URL(page.url()).searchParams.get('chatbot')).not.toBe(helper14!.id);

    // Deleted in this tab, without a reload: the pickers' pages loaded a moment ago are refreshed, not offered for 30 s more.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Chatbots' }).click();
    await page.getByLabel('Search chatbots by name').fill('helper 01');
    await page.getByRole('link', { name: /Helper 01/ }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete chatbot' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete chatbot' }).click();
    await page.waitForURL(/\/dashboard\/chatbots$/);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await filter.click();
    await page.getByRole('option', { name: 'Helper 11' }).waitFor();
    expect(await page.getByRole('listbox', { name: 'chatbots' }).getByRole('option').allTextContents()).toEqual([
      'All chatbots',
      ...Array.from({ length: 10 }, (_, i) => `Helper ${String(i + 2).padStart(2, '0')}`),
    ]);
  });
});

describe('a web page whose re-process fails', () => {
  // The server may fetch this machine's own web server: the shared server runs with ALLOW_PRIVATE_FETCH.
  let site: Server;
  let siteUrl = '';
  let siteUp = true;
  beforeAll(async () => {
    site = createServer((request, response) => {
      if (request.url === '/timetable' && siteUp) {
        response.setHeader('content-type', 'text/html');
        return response.end('<html><body><h1>Timetable</h1><p>The ferry to the island leaves every hour from pier four.</p></body></html>');
      }
      response.statusCode = 503;
      response.end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/timetable`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  test('says the chatbot still answers from the version processed before, with its size and chunks', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Fern', lastName: 'Ferry' });
    const headers = { origin: server.url };
    const { id } = (await (await page.request.post(`${server.url}/api/chatbots`, { headers, data: { name: 'Ferry desk' } })).json()) as { id: string };
    expect((await page.request.post(`${server.url}/api/chatbots/${id}/sources/url`, { headers, data: { url: siteUrl } })).status()).toBe(201);

    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    const name = siteUrl.replace('http://', '');
    const row = sourceRow(page, name);
    await row.getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    // A fetched page shows its size once processed.
    await row.getByText(/Web page · \d+ bytes · 1 chunk · \d+ tokens/).waitFor();

    siteUp = false;
    await row.getByRole('button', { name: `Re-process ${name}` }).click();
    await row.getByText('Failed').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await row
      .getByText(/^The chatbot still answers from the version processed .+\. Re-process to try again, or delete the source to stop using it\.$/)
      .waitFor();
    await row.getByText(/Web page · \d+ bytes · 1 chunk/).waitFor();
    await page.getByText(/^1 source · 1 chunk · \d+ tokens · 1 failed$/).waitFor();
    await screenshot(page, 'training-data-failed-reprocess');
  });
});
