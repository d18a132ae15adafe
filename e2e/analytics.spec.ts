import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { DOCS_SCREENSHOT_DIR, screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe('analytics: what visitors do shows on the dashboard, and exports as CSV', () => {
  test('a thumbs-down in the widget shows in the satisfaction chart; the conversations export downloads with the right rows', async ({
    server,
    newContext,
    signUp,
  }) => {
    const owner = await newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const { page: ownerPage } = await signUp({ context: owner, firstName: 'Ada', lastName: 'Lovelace' });
    const chatbotId = await createLiveChatbot(ownerPage.request, server, { name: 'Acme Rockets', text: ACME_FAQ });

    // A visitor asks three questions and gives the first answer a thumbs down.
    const visitor = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(`${server.url}/demo/${chatbotId}`);
    await page.getByRole('button', { name: /^Open chat/ }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    let answers = 0;
    const ask = async (question: string, answer: RegExp) => {
      await page.getByLabel('Your message', { exact: true }).fill(question);
      await page.keyboard.press('Enter');
      await log.getByText(answer).first().waitFor();
      // A finished answer gets its thumbs: then the next question can be sent.
      answers += 1;
      await expect.poll(() => log.getByRole('button', { name: 'Not helpful' }).count()).toBe(answers);
    };
    await ask('How long do refunds take?', /five working days/);
    const rated = page.waitForResponse((r) => r.url().includes('/feedback') && r.request().method() === 'POST');
    await log.getByRole('button', { name: 'Not helpful' }).first().click();
    expect((await rated).status()).toBe(200);
    await expect.poll(() => log.getByRole('button', { name: 'Not helpful' }).first().getAttribute('aria-pressed')).toBe('true');
    await ask('Where do you ship from?', /Rotterdam/);
    await ask('Do you sell moon boots?', /couldn't find anything/);
    await visitor.close();

    // The owner's dashboard counts the three questions and the thumbs down.
    await ownerPage.goto(`${server.url}/dashboard`);
    const satisfaction = ownerPage.getByTestId('chart-satisfaction');
    await satisfaction.getByText('of ratings were a thumbs up').waitFor();
    await expect.poll(() => satisfaction.textContent()).toMatch(/0%\s*of ratings were a thumbs up/);
    await expect.poll(() => satisfaction.textContent()).toMatch(/Thumbs down\s*1/);
    const topQuestions = ownerPage.getByText('How long do refunds take?').first();
    await topQuestions.waitFor();
    await screenshot(ownerPage, 'dashboard-analytics', { dir: DOCS_SCREENSHOT_DIR });

    // Export every message of the period as CSV, with progress, and download it.
    await ownerPage
      .getByRole('button', { name: /Export report/ })
      .first()
      .click();
    const dialog = ownerPage.getByTestId('export-dialog');
    await dialog.getByText('Conversations (every message)').click();
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await dialog.getByText('Your report is ready').waitFor();
    const [download] = await Promise.all([ownerPage.waitForEvent('download'), dialog.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-conversations-.*\.csv$/);
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')).filter((r) => r.some((cell) => cell !== ''));
    const [header, ...data] = rows as [string[], ...string[][]];
    expect(header).toEqual([
      'conversation_id',
      'chatbot',
      'channel',
      'conversation_started_at',
      'message_at',
      'role',
      'content',
      'outcome',
      'rating',
      'latency_ms',
      'tokens',
    ]);
    const column = (name: string) => header.indexOf(name);
    expect(data.map((r) => [r[column('role')], r[column('content')]!.slice(0, 30), r[column('outcome')], r[column('rating')]])).toEqual([
      ['user', 'How long do refunds take?', '', ''],
      ['assistant', expect.stringMatching(/refund|five working days/i), 'answered', '-1'],
      ['user', 'Where do you ship from?', '', ''],
      ['assistant', expect.any(String), 'answered', ''],
      ['user', 'Do you sell moon boots?', '', ''],
      ['assistant', "I couldn't find anything about", 'declined', ''],
    ]);
    expect(new Set(data.map((r) => r[column('chatbot')]))).toEqual(new Set(['Acme Rockets']));
    expect(new Set(data.map((r) => r[column('channel')]))).toEqual(new Set(['widget']));

    // A scheduled export of the top questions, e-mailed to the owner (the address the dialog starts with).
    await ownerPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await ownerPage.getByRole('button', { name: 'Add schedule' }).click();
    const scheduleDialog = ownerPage.getByRole('dialog');
    await scheduleDialog.getByLabel('Report').click();
    await ownerPage.getByRole('option', { name: 'Top questions' }).click();
    await scheduleDialog.getByRole('button', { name: 'Add schedule' }).click();
    await ownerPage.getByText('Schedule added').first().waitFor();
    const schedule = ownerPage.getByTestId('schedule-row').filter({ hasText: 'Top questions' });
    await schedule.getByText('Weekly').waitFor();
    await schedule.getByText('All chatbots').waitFor();
    // A second one for Acme Rockets only, found by typing in the dialog's chatbot picker.
    await ownerPage.getByRole('button', { name: 'Add schedule' }).click();
    await scheduleDialog.getByRole('combobox', { name: 'Chatbot' }).click();
    await ownerPage.getByRole('searchbox', { name: 'Search chatbots' }).fill('rock');
    await ownerPage.getByRole('option', { name: 'Acme Rockets' }).click();
    await scheduleDialog.getByRole('combobox', { name: 'Chatbot' }).getByText('Acme Rockets').waitFor();
    await scheduleDialog.getByRole('button', { name: 'Add schedule' }).click();
    await ownerPage.getByTestId('schedule-row').filter({ hasText: 'Acme Rockets' }).getByText('Weekly').waitFor();

    // The link a scheduled report's e-mail carries (/dashboard?export=id) shows that export at the top, with its file.
    const exports = (await (await ownerPage.request.get(`${server.url}/api/analytics/exports`)).json()) as { items: { id: string; status: string }[] };
    const done = exports.items.find((item) => item.status === 'done')!;
    await ownerPage.goto(`${server.url}/dashboard?export=${done.id}`);
    const linked = ownerPage.getByTestId('linked-export');
    await linked.getByRole('link', { name: /^Download / }).waitFor();
    await screenshot(ownerPage, 'analytics-linked-export', { fullPage: false });
    await owner.close();
  });
});
