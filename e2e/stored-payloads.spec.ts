import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshot } from './support/browser';
import { createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';

/**
 * Stored script payloads render as text (issue 10): what a customer types — a chatbot's name, welcome message,
 * suggested questions, title, and the documents it answers from — is shown literally in the dashboard, on the demo
 * page and in the widget, and never runs.
 */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

async function expectInert(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${where}: a payload ran`).toBeUndefined();
  // No element came from the payloads (the widget lives in a shadow root: look there too).
  const injected = await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document, ...Array.from(document.querySelectorAll('*')).flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))];
    return roots.reduce((count, root) => count + root.querySelectorAll('img[src="x"], script:not([src])').length, 0);
  });
  expect(injected, `${where}: an element was injected`).toBe(0);
}

describe('stored script payloads', () => {
  test('render as text in the dashboard, on the demo page and in the widget, and never run', async ({ server, newContext, signUp }) => {
    const owner = await signUp({ firstName: 'Mallory', lastName: 'Tester' });
    const dialogs: string[] = [];
    owner.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const chatbotId = await createLiveChatbot(owner.page.request, server, {
      name: `Shop ${IMG}`,
      text: `Returns policy ${SCRIPT}. Refunds are paid within five working days ${IMG}.`,
      welcomeMessage: `Welcome ${SCRIPT}`,
      suggestedQuestions: [`How long do refunds take? ${IMG}`],
      appearance: { color: '#0f766e', position: 'bottom-right', title: `Help ${IMG}`, avatarUrl: null },
    });

    await owner.page.goto(`${server.url}/dashboard/chatbots`);
    await owner.page.getByText(`Shop ${IMG}`).first().waitFor();
    await expectInert(owner.page, 'chatbot list');
    await owner.page.goto(`${server.url}/dashboard/chatbots/${chatbotId}`);
    await owner.page.getByText(`Shop ${IMG}`).first().waitFor();
    await expectInert(owner.page, 'chatbot page');

    const visitor = await newContext();
    const page = await visitor.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/demo/${chatbotId}`);
    await page.getByRole('button', { name: `Open chat: Help ${IMG}` }).click();
    await page.getByText(`Welcome ${SCRIPT}`).waitFor();
    await page.getByRole('button', { name: `How long do refunds take? ${IMG}` }).click();
    // The answer quotes the document, payload included, as text.
    await page.getByText('five working days').first().waitFor();
    await expectInert(page, 'widget');
    await screenshot(page, 'stored-payloads-widget', { fullPage: false });
    expect(dialogs).toEqual([]);
    await visitor.close();
    await owner.context.close();
  });
});
