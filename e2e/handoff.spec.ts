import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DOCS_SCREENSHOT_DIR, screenshot } from './support/browser';
import { createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { askForAPerson, openDemoWidget, sendInWidget } from './support/widget';

const FAQ = `Acme Rockets customer FAQ.

Refunds. Customers can ask for a refund within 30 days of purchase. Refunds are paid within five working days to the original card.`;

/** Waits for the widget panel's opening animation, so screenshots see it at rest. */
async function panelSettled(page: Page): Promise<void> {
  await page.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}

describe('human handoff: a visitor asks for a person in the widget and the owner answers from the inbox', () => {
  test('widget → inbox → reply → visitor sees it live → back to the bot', async ({ server, newContext, signUp }) => {
    // The owner signs up and builds a live chatbot from one text source.
    const owner = await newContext({ viewport: { width: 1280, height: 800 } });
    const { page: ownerPage } = await signUp({ context: owner, firstName: 'Grace', lastName: 'Hopper' });
    const chatbotId = await createLiveChatbot(ownerPage.request, server, {
      name: 'Acme Rockets',
      text: FAQ,
      appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
    });

    // A visitor opens the demo page, asks what the bot cannot answer and takes its offer of a person.
    const visitor = await newContext({ viewport: { width: 1280, height: 800 } });
    const widget = await openDemoWidget(visitor, server.url, chatbotId, 'Acme help');
    const { page, log, pageErrors } = widget;
    await askForAPerson(widget, 'Where is my order 42?');
    await page.getByText('Waiting for a person…').waitFor();

    // The owner sees it in the inbox, with the unread count, opens it and answers.
    await ownerPage.goto(`${server.url}/dashboard/inbox`);
    const row = ownerPage.getByTestId('handoff-row').first();
    await row.waitFor();
    await expect.poll(async () => row.textContent()).toContain('Where is my order 42?');
    await row.click();
    const conversation = ownerPage.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Where is my order 42?').first().waitFor();
    const reply = ownerPage.getByPlaceholder('Reply to join the conversation…');
    await reply.fill('Hi, Grace here. Order 42 left Rotterdam this morning.');
    await reply.press('Enter');
    await conversation.getByText('Grace joined the conversation.').waitFor();

    // The visitor sees the person join and answer, live.
    await log.getByText('Grace joined the conversation.').waitFor();
    await log.getByText('Hi, Grace here. Order 42 left Rotterdam this morning.').waitFor();
    await page.getByText("You're chatting with Grace").waitFor();
    await panelSettled(page);
    await screenshot(page, 'widget-handoff', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });

    // The visitor answers; the owner sees it arrive without reloading.
    await sendInWidget(page, 'Thank you, Grace!');
    await conversation.getByText('Thank you, Grace!').first().waitFor();
    await screenshot(ownerPage, 'inbox', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });

    // Back to the bot: the visitor is told, and the assistant answers again.
    await ownerPage.getByRole('button', { name: 'Hand back to bot' }).click();
    await log.getByText("You're chatting with the assistant again.").waitFor();
    await page.getByText('Waiting for a person…').waitFor({ state: 'hidden' });
    await sendInWidget(page, 'How long do refunds take?');
    await log
      .getByText(/five working days/)
      .first()
      .waitFor();
    expect(pageErrors).toEqual([]);
    await visitor.close();
    await owner.close();
  });
});
