import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import { deleteWhere } from './support/shared-server';

const PROCESSING_TIMEOUT_MS = 60_000;
const n = (value: number) => value.toLocaleString('en-US');
/** The default rule (spec part 2 §9): ceil(characters × 1.333), storage multiplier 1. */
const cost = (characters: number) => Math.ceil(Number((characters * 1.333).toPrecision(12)));

/** Plain prose of exactly `characters` characters (no markup, no doubled spaces), as the text reader keeps it. */
function prose(characters: number): string {
  const sentence = 'Every rocket is checked twice before launch by the ground crew. ';
  return sentence
    .repeat(Math.ceil(characters / sentence.length))
    .slice(0, characters)
    .trimEnd();
}

const BIG_PAGE = `<html><head><title>Launch manual</title></head><body><h1>Launch manual</h1><p>${prose(90_000)}</p></body></html>`;

/** A web page on this machine to train on (the shared server may fetch private addresses). */
let site: Server;
let siteUrl = '';
beforeAll(async () => {
  site = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(BIG_PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/manual`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

async function createChatbot(page: Page, url: string, name: string): Promise<string> {
  const created = await page.request.post(`${url}/api/chatbots`, { headers: { origin: url }, data: { name } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const costLine = (page: Page) => page.getByTestId('source-cost');
const textOf = async (page: Page) => (await costLine(page).first().textContent())?.replace(/\s+/g, ' ') ?? '';

describe('a document’s cost, said before it is spent', () => {
  test('pasted text, a file and a web page show their cost and what is left before Add; one past the allowance is refused', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Dora', lastName: 'Document' });
    const usage = (await (await page.request.get(`${server.url}/api/usage`)).json()) as { tokens: { limit: number; used: number } };
    const limit = usage.tokens.limit;
    expect(usage.tokens.used).toBe(0);
    const id = await createChatbot(page, server.url, 'Launch desk');
    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);

    // Pasted text that fits: its cost and the month's allowance are shown before Add, and the source then shows
    // exactly what it was charged, with the rule.
    const small = prose(1_000);
    await page.getByLabel('Source name').fill('Checklist');
    await page.getByLabel('Text', { exact: true }).fill(small);
    await costLine(page)
      .filter({ hasText: `This text will cost ${n(cost(small.length))} tokens` })
      .waitFor();
    expect(await textOf(page)).toContain(`${n(limit)} of your ${n(limit)} tokens are left this month.`);
    expect(await textOf(page)).toContain(`${n(small.length)} characters × 1.333 tokens per character × 1 (storage) = ${n(cost(small.length))} tokens`);
    await screenshot(page, 'source-cost-text');
    await page.getByRole('button', { name: 'Add text' }).click();
    const checklist = page.getByRole('list', { name: 'Sources' }).getByRole('listitem', { name: 'Checklist', exact: true });
    await checklist.getByText('Ready', { exact: true }).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect((await checklist.getByTestId('source-billing-rule').textContent())?.trim()).toBe(
      `Charged ${n(cost(small.length))} tokens: ${n(small.length)} characters × 1.333 tokens per character × 1 (storage)`,
    );
    const left = limit - cost(small.length);

    // Pasted text past what is left: the refusal names both figures, and Add stays disabled.
    const big = prose(80_000);
    await page.getByLabel('Source name').fill('Everything');
    await page.getByLabel('Text', { exact: true }).fill(big);
    await costLine(page).filter({ hasText: 'This text would cost' }).waitFor();
    expect(await textOf(page)).toContain(
      `This text would cost ${n(cost(big.length))} tokens, but ${n(left)} of your ${n(limit)} tokens are left this month. Add a smaller document, buy tokens or upgrade your plan.`,
    );
    expect(await page.getByRole('button', { name: 'Add text' }).isDisabled()).toBe(true);
    await screenshot(page, 'source-cost-text-refused');
    await page.getByLabel('Text', { exact: true }).fill('');

    // A file: read by the server when picked, its cost shown, nothing added before Add; too big a one is refused.
    await page.getByLabel('Files to upload').setInputFiles({ name: 'launch-manual.html', mimeType: 'text/html', buffer: Buffer.from(BIG_PAGE) });
    const files = page.getByTestId('files-to-add');
    await files.getByText('launch-manual.html').waitFor();
    await files.getByTestId('source-cost').filter({ hasText: 'This document would cost' }).waitFor();
    expect((await files.getByTestId('source-cost').textContent())?.replace(/\s+/g, ' ')).toContain(
      `but ${n(left)} of your ${n(limit)} tokens are left this month.`,
    );
    expect(await files.getByRole('button', { name: 'Add document' }).isDisabled()).toBe(true);
    await screenshot(page, 'source-cost-file-refused');
    await files.getByRole('button', { name: 'Cancel' }).click();
    // A small file fits and is added with Add.
    const note = prose(500);
    await page.getByLabel('Files to upload').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from(note) });
    await files
      .getByTestId('source-cost')
      .filter({ hasText: `This document will cost ${n(cost(note.length))} tokens` })
      .waitFor();
    await screenshot(page, 'source-cost-file');
    await files.getByRole('button', { name: 'Add document' }).click();
    const noteRow = page.getByRole('list', { name: 'Sources' }).getByRole('listitem', { name: 'note.txt', exact: true });
    await noteRow.getByText('Ready', { exact: true }).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect(await noteRow.getByTestId('source-billing-rule').textContent()).toContain(`Charged ${n(cost(note.length))} tokens`);

    // A web page: the first press fetches and measures it; too big a page cannot be added.
    await page.getByLabel('Web page address').fill(siteUrl);
    await page.getByRole('button', { name: 'Check cost' }).click();
    const pageCost = page
      .locator('form')
      .filter({ has: page.getByLabel('Web page address') })
      .getByTestId('source-cost');
    await pageCost.filter({ hasText: 'This web page would cost' }).waitFor();
    expect((await pageCost.textContent())?.replace(/\s+/g, ' ')).toContain(
      `but ${n(left - cost(note.length))} of your ${n(limit)} tokens are left this month.`,
    );
    expect(await page.getByRole('button', { name: 'Add web page' }).isDisabled()).toBe(true);
    await screenshot(page, 'source-cost-url-refused');

    // Nothing refused was stored or charged: the month's use is the two small sources'.
    const after = (await (await page.request.get(`${server.url}/api/usage`)).json()) as { tokens: { used: number } };
    expect(after.tokens.used).toBe(cost(small.length) + cost(note.length));
    const sources = (await (await page.request.get(`${server.url}/api/chatbots/${id}/sources`)).json()) as { items: { name: string; billedTokens: number }[] };
    expect(sources.items.map((s) => [s.name, s.billedTokens]).sort()).toEqual([
      ['Checklist', cost(small.length)],
      ['note.txt', cost(note.length)],
    ]);
  });

  test('bought tokens: the estimate says first what they pay; the Billing page lists every change of the token balance', async ({ server, signUp }) => {
    onTestFinished(() => deleteWhere(server, '/api/admin/token-packages', (pack) => pack.name === 'Ledger pack'));
    const { page: admin } = await signUp({ firstName: 'Lena', lastName: 'Ledger', admin: true });
    const pack = await admin.request.post(`${server.url}/api/admin/token-packages`, {
      headers: { origin: server.url },
      data: { name: 'Ledger pack', tokens: 50000, priceCents: 1500, isActive: true },
    });
    expect(pack.status(), await pack.text()).toBe(201);

    const { page } = await signUp({ firstName: 'Bert', lastName: 'Buyer' });
    const limit = ((await (await page.request.get(`${server.url}/api/usage`)).json()) as { tokens: { limit: number } }).tokens.limit;
    await page.goto(`${server.url}/dashboard/billing`);
    await page.getByText('No changes yet. Bought and reward tokens will appear here.').waitFor();
    await page.getByRole('button', { name: 'Buy Ledger pack' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/cs_sandbox_/);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.waitForURL(/\/dashboard\/billing/);
    await page.getByTestId('token-balance').filter({ hasText: '50,000' }).waitFor();

    // A document bigger than the month's allowance: the part the allowance does not cover comes from the token
    // balance, and the screen says how much before Add.
    const id = await createChatbot(page, server.url, 'Big manual desk');
    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    const text = prose(Math.ceil((limit + 6_000) / 1.333));
    const fromBalance = cost(text.length) - limit;
    await page.getByLabel('Source name').fill('Big manual');
    await page.getByLabel('Text', { exact: true }).fill(text);
    await costLine(page).filter({ hasText: 'will be taken from your token balance' }).waitFor();
    expect(await textOf(page)).toContain(
      `This text will cost ${n(cost(text.length))} tokens; ${n(limit)} of your ${n(limit)} tokens are left this month, so ${n(fromBalance)} tokens will be taken from your token balance of 50,000 tokens.`,
    );
    await screenshot(page, 'source-cost-from-token-balance');
    await page.getByRole('button', { name: 'Add text' }).click();
    await page
      .getByRole('list', { name: 'Sources' })
      .getByRole('listitem', { name: 'Big manual', exact: true })
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: PROCESSING_TIMEOUT_MS });

    // The balance and its history: the purchase, then the use past the allowance, each with the balance after it.
    await page.goto(`${server.url}/dashboard/billing`);
    const balance = 50_000 - fromBalance;
    await page
      .getByTestId('token-balance')
      .filter({ hasText: n(balance) })
      .waitFor();
    const history = page.getByRole('table', { name: 'Token balance history' });
    await history.waitFor();
    const rows = (await history.getByRole('row').allTextContents()).slice(1).map((row) => row.replace(/\s+/g, ' '));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`Used past the monthly allowance.*Document Big manual.*−${n(fromBalance)}.*${n(balance)}$`));
    expect(rows[1]).toMatch(/Purchase.*Ledger pack.*\+50,000.*50,000$/);
    await screenshot(page, 'token-balance-history');
    // One name for the balance: the Subscription page says the same figure.
    await page.goto(`${server.url}/dashboard/subscription`);
    await page.getByText(`Token balance: ${n(balance)}`).waitFor();
  });
});
