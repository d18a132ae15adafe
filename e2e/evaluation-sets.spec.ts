import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DOCS_SCREENSHOT_DIR, dismissToasts, screenshot } from './support/browser';
import { test } from './support/fixtures';

const RETURNS =
  'Returns. You can return any product within 30 days of delivery for a full refund. Print the return label from your account page and drop the parcel at any post office.';
const PROCESSING_TIMEOUT_MS = 45_000;
const RUN_TIMEOUT_MS = 45_000;

/** Adds a question through the Evaluation tab's dialog. */
async function addQuestion(page: Page, question: string, expect: { answer?: string; source?: string; shouldDecline?: boolean }): Promise<void> {
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await dialog.getByLabel('Question').fill(question);
  if (expect.answer) await dialog.getByLabel('Expected answer (optional)').fill(expect.answer);
  if (expect.source) {
    await dialog.getByRole('combobox', { name: 'Expected source (optional)' }).click();
    await page.getByRole('option', { name: expect.source }).click();
  }
  if (expect.shouldDecline) await dialog.getByRole('checkbox', { name: /The chatbot should decline/ }).click();
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Evaluation questions' }).getByRole('listitem', { name: question }).waitFor();
}

/** Runs the evaluation and waits until the run has asked every question. */
async function runEvaluation(page: Page, questions: number): Promise<void> {
  const started = page.waitForResponse((response) => response.url().endsWith('/evaluation-runs') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  expect((await started).status()).toBe(201);
  await page.getByText(`${questions} questions asked`).waitFor({ timeout: RUN_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Run evaluation' }).and(page.locator(':enabled')).waitFor();
}

describe('evaluation sets', () => {
  test('an owner adds a source and two questions, runs the evaluation and sees each question answered or declined as expected', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Eva', lastName: 'Luation' });
    const created = await page.request.post(`${server.url}/api/chatbots`, { headers: { origin: server.url }, data: { name: 'Acme help desk' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`${server.url}/dashboard/chatbots/${id}?tab=training-data`);
    await page.getByLabel('Source name').fill('Returns policy');
    await page.getByLabel('Text', { exact: true }).fill(RETURNS);
    await page.getByRole('button', { name: 'Add text' }).click();
    await page
      .getByRole('list', { name: 'Sources' })
      .getByRole('listitem', { name: 'Returns policy', exact: true })
      .getByText('Ready', { exact: true })
      .waitFor({ timeout: PROCESSING_TIMEOUT_MS });

    await page.getByRole('tab', { name: 'Evaluation' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('evaluation');
    await page.getByText('No questions yet').waitFor();
    await addQuestion(page, 'How many days do I have to return a product?', { answer: 'Within 30 days of delivery.', source: 'Returns policy' });
    await addQuestion(page, 'Do you sell moon boots?', { shouldDecline: true });
    const questions = page.getByRole('list', { name: 'Evaluation questions' });
    await questions.getByRole('listitem', { name: 'How many days do I have to return a product?' }).getByText('Returns policy').waitFor();
    await questions.getByRole('listitem', { name: 'Do you sell moon boots?' }).getByText('Should decline').waitFor();

    await runEvaluation(page, 2);
    const results = page.getByRole('list', { name: 'Results' });
    const answerable = results.getByRole('listitem', { name: 'How many days do I have to return a product?' });
    await answerable.getByText('Right', { exact: true }).waitFor();
    await answerable.getByText('Returns policy retrieved, rank 1').waitFor();
    await answerable.getByText('answered · 100% of the expected words').waitFor();
    const declinable = results.getByRole('listitem', { name: 'Do you sell moon boots?' });
    await declinable.getByText('Right', { exact: true }).waitFor();
    await declinable.getByText('declined', { exact: true }).waitFor();
    const scores = page.getByLabel('Scores');
    await scores.getByText('100% (2 of 2)').waitFor();
    expect(await scores.getByText('100% (1 of 1)').count()).toBe(3);

    // The answer unfolds on request.
    await answerable.getByRole('button', { name: 'Show the answer' }).click();
    await answerable.getByText('You can return any product within 30 days of delivery for a full refund.', { exact: false }).waitFor();

    // A question the documents do not answer yet, run again: the scores over time show the drop.
    await addQuestion(page, 'How much does shipping cost?', { answer: 'Shipping is free.' });
    await runEvaluation(page, 3);
    const unanswered = results.getByRole('listitem', { name: 'How much does shipping cost?' });
    await unanswered.getByText('Wrong', { exact: true }).waitFor();
    await unanswered.getByText('declined · 0% of the expected words').waitFor();
    await scores.getByText('67% (2 of 3)').waitFor();
    await scores.getByText('50% (1 of 2)').waitFor();
    await page.getByRole('img', { name: 'Evaluation scores of the last 2 runs, in percent' }).waitFor();

    // The documentation's picture, without the "Question added." toasts: closed rather than waited out.
    await dismissToasts(page);
    await page.setViewportSize({ width: 1280, height: 1720 });
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await screenshot(page, 'evaluation-sets', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  });
});
