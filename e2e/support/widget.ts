import type { BrowserContext, Locator, Page } from 'playwright-core';

export interface OpenWidget {
  page: Page;
  /** The widget's conversation log. */
  log: Locator;
  /** Errors thrown in the page, for a test to expect none. */
  pageErrors: string[];
}

/** A visitor's page: the chatbot's demo page with the widget opened by its launcher ("Open chat: <title>"). */
export async function openDemoWidget(context: BrowserContext, baseUrl: string, chatbotId: string, title: string): Promise<OpenWidget> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}/demo/${chatbotId}`);
  await page.getByRole('button', { name: `Open chat: ${title}` }).click();
  return { page, log: page.getByRole('log', { name: 'Conversation' }), pageErrors };
}

/**
 * Types a message into the open widget and sends it with Enter. While an answer is still streaming the widget keeps
 * what was typed and sends nothing (as a person would see: the send button is disabled), so this waits for the send
 * button to be enabled first: a check of the button without a click (`trial`).
 */
export async function sendInWidget(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Your message', { exact: true });
  await input.fill(text);
  await page.getByRole('button', { name: 'Send message' }).click({ trial: true });
  await input.press('Enter');
}

/** Asks something the bot has no answer to and takes its offer of a person. */
export async function askForAPerson({ page, log }: OpenWidget, question: string): Promise<void> {
  await sendInWidget(page, question);
  const offer = log.getByRole('button', { name: 'Talk to a person' });
  await offer.waitFor();
  await offer.click();
  await log.getByText("You asked for a person. We've let the team know").waitFor();
}
