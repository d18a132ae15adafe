import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DOCS_SCREENSHOT_DIR, dismissToasts, screenshot } from './support/browser';
import { test } from './support/fixtures';

const RETURNS =
  'Returns. You can return any product within 30 days of delivery for a full refund. Print the return label from your account page and drop the parcel at any post office.';
const OPENING_HOURS =
  'Opening hours. Our support team answers the phone from 9 am to 5 pm, Monday to Friday. On Saturdays the shop is open from 10 am to 2 pm.';
const PROCESSING_TIMEOUT_MS = 45_000;

/** Pastes a text source through the Training data tab and waits until it is processed. */
async function addTextSource(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('Source name').fill(name);
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add text' }).click();
  await page
    .getByRole('list', { name: 'Sources' })
    .getByRole('listitem', { name, exact: true })
    .getByText('Ready', { exact: true })
    .waitFor({ timeout: PROCESSING_TIMEOUT_MS });
}

describe('retrieval testing', () => {
  test('an owner asks a question and sees the passage that answers it ranked first, with its source and score', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Rita', lastName: 'Retrieval' });
    const headers = { origin: server.url };
    const created = await page.request.post(`${server.url}/api/chatbots`, { headers, data: { name: 'Acme help desk' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    await addTextSource(page, 'Returns policy', RETURNS);
    await addTextSource(page, 'Opening hours', OPENING_HOURS);

    await page.getByRole('tab', { name: 'Retrieval testing' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('retrieval-testing');
    await page.getByRole('combobox', { name: 'Passages to retrieve' }).getByText('Top 5 (the chatbot’s setting)').waitFor();
    await page.getByLabel('Question').fill('How many days do I have to return a product?');
    const answered = page.waitForResponse((response) => response.url().endsWith('/retrieval-test'));
    await page.getByRole('button', { name: 'Test retrieval' }).click();
    expect((await answered).status()).toBe(200);

    const passages = page.getByRole('list', { name: 'Retrieved passages' }).getByRole('listitem');
    await passages.first().waitFor();
    expect(await passages.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual(['1. Returns policy', '2. Opening hours']);
    await passages.first().getByText(RETURNS).waitFor();
    expect(
      await passages
        .first()
        .getByText(/^Score \d\.\d{3}$/)
        .count(),
    ).toBe(1);
    await page.getByText('2 passages, best first, for “How many days do I have to return a product?”').waitFor();

    // Asking for the best passage only.
    await page.getByRole('combobox', { name: 'Passages to retrieve' }).click();
    await page.getByRole('option', { name: 'Top 1', exact: true }).click();
    await page.getByLabel('Question').fill('When is the shop open on Saturdays?');
    await page.getByRole('button', { name: 'Test retrieval' }).click();
    await page.getByText('1 passage, best first, for “When is the shop open on Saturdays?”').waitFor();
    expect(await passages.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual(['1. Opening hours']);

    // The documentation's picture: both passages for the first question, without the "added" toasts.
    await dismissToasts(page);
    await page.getByRole('combobox', { name: 'Passages to retrieve' }).click();
    await page.getByRole('option', { name: 'Top 5 (the chatbot’s setting)' }).click();
    await page.getByLabel('Question').fill('How many days do I have to return a product?');
    await page.getByRole('button', { name: 'Test retrieval' }).click();
    await page.getByText('2 passages, best first, for “How many days do I have to return a product?”').waitFor();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await screenshot(page, 'retrieval-testing', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  });
});
