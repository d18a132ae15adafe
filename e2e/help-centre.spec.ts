import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { HELP_CENTRE_DOCUMENT, HELP_CENTRE_FOLLOW_UP, HELP_CENTRE_OFF_TOPIC } from '../apps/server/src/test/fixtures/help-centre';
import { DOCS_SCREENSHOT_DIR, dismissToasts, screenshot } from './support/browser';
import { test } from './support/fixtures';

const NOT_FOUND = "I couldn't find anything about that in the documents I was given.";

/** Sends a question in the test chat and waits for its answer to finish streaming. */
async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel('Question').fill(question);
  const answered = page.waitForResponse((r) => r.url().endsWith('/test-chat'));
  await page.getByRole('button', { name: 'Send' }).click();
  await (await answered).text();
}

describe('the built-in answerer on a help centre, in the test chat', () => {
  test('answers from the right section with its heading, reads a follow-up, and declines what the documents do not say', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Hana', lastName: 'Help' });
    const created = await page.request.post(`${server.url}/api/chatbots`, { headers: { origin: server.url }, data: { name: 'Northwind help' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    await page.getByLabel('Source name').fill('Help centre');
    await page.getByLabel('Text', { exact: true }).fill(HELP_CENTRE_DOCUMENT);
    await page.getByRole('button', { name: 'Add text' }).click();
    await page
      .getByRole('list', { name: 'Sources' })
      .getByRole('listitem', { name: 'Help centre', exact: true })
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: 45_000 });

    await page.getByRole('tab', { name: 'Test chat' }).click();
    const log = page.getByRole('log', { name: 'Conversation' });

    // A line of a list means little without its heading: the answer shows it in bold above the line, rendered.
    await ask(page, HELP_CENTRE_FOLLOW_UP.first);
    await log.locator('strong', { hasText: 'Opening hours of the flagship store' }).first().waitFor();
    await log.getByText('Saturday: 10 am to 6 pm').first().waitFor();
    expect(await log.getByText('Phone hours').count()).toBe(0);
    expect(await log.getByText('**').count()).toBe(0);

    await ask(page, HELP_CENTRE_FOLLOW_UP.then);
    await log.getByText('Sunday: closed').first().waitFor();

    await ask(page, 'What are your phone hours?');
    await log.getByText('Phone hours: Monday to Saturday, 8 am to 8 pm').first().waitFor();

    // Off-topic, some sharing a word with the document: the not-found answer, with no sources under it.
    const sourceLists = await log.getByRole('list', { name: 'Sources' }).count();
    for (const question of HELP_CENTRE_OFF_TOPIC.slice(0, 3)) await ask(page, question);
    await expect.poll(() => log.getByText(NOT_FOUND).count()).toBe(3);
    expect(await log.getByRole('list', { name: 'Sources' }).count()).toBe(sourceLists);

    await dismissToasts(page);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await screenshot(page, 'help-centre-test-chat', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  });
});
