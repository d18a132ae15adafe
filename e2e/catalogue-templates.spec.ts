import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { suiteAccount, test } from './support/fixtures';
import { deleteWhere, type SharedServer } from './support/shared-server';

const PIRATE_PROMPT = 'You are a cheerful pirate. Answer only from the documents, in plain words, and end every answer with "Arr!".';
const BIKE_PROMPT = 'You help cyclists choose and repair bikes. Answer from the shop documents and suggest a workshop visit when unsure.';

async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The seeded template is the default again and the new one is gone: later tests' builders start from the seeded prompt. */
async function restoreBehaviorTemplates(server: SharedServer): Promise<void> {
  const { items } = (await (await server.rootAdmin.get('/api/admin/behavior-templates')).json()) as {
    items: { id: string; name: string; isDefault: boolean }[];
  };
  const seeded = items.find((template) => template.name === 'Helpful support assistant')!;
  if (!seeded.isDefault) expect((await server.rootAdmin.post(`/api/admin/behavior-templates/${seeded.id}/default`)).status()).toBe(200);
  await deleteWhere(server, '/api/admin/behavior-templates', (template) => template.name === 'Pirate support');
}

describe('the template catalogue reaches the chatbot builder', () => {
  const ada = suiteAccount({ firstName: 'Ada', lastName: 'Lovelace', admin: true });

  test('an admin adds a behavior template and makes it the default; a customer’s builder preselects it', async ({ server, signUp }) => {
    onTestFinished(() => restoreBehaviorTemplates(server));
    const { page } = ada.account;
    await page.goto(`${server.url}/admin/behavior-templates`);
    await waitForConsole(page);
    const seeded = page.getByTestId('behavior-template-card').filter({ hasText: 'Helpful support assistant' });
    await seeded.getByText('Default', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog');
    // The spec's sentence when name or prompt is missing; nothing is sent.
    await dialog.getByLabel('Name').fill('Pirate support');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await dialog.getByText('Name and system prompt are required.').waitFor();
    await dialog.getByLabel('Description').fill('Playful answers for a fun brand.');
    await dialog.getByLabel('System prompt').fill(PIRATE_PROMPT);
    await screenshot(page, 'behavior-template-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await waitForToast(page, 'Behavior template created successfully.');

    const pirate = page.getByTestId('behavior-template-card').filter({ hasText: 'Pirate support' });
    await pirate.getByRole('button', { name: 'Preview' }).click();
    expect(await page.getByTestId('prompt-preview').textContent()).toBe(PIRATE_PROMPT);
    await page.keyboard.press('Escape');

    await pirate.getByRole('button', { name: 'Set as default' }).click();
    await waitForToast(page, 'Pirate support is now the default template.');
    await pirate.getByText('Default', { exact: true }).waitFor();
    await seeded.getByRole('button', { name: 'Set as default' }).waitFor();
    // The default is first, cannot be deleted, and offers no "Set as default".
    expect(await page.getByTestId('behavior-template-card').first().getAttribute('aria-label')).toBe('Pirate support');
    expect(await pirate.getByRole('button', { name: 'Set as default' }).count()).toBe(0);
    expect(await pirate.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);
    await screenshot(page, 'behavior-templates');

    // Editing the new default: becoming the default changed no content, so the edit made on the version shown goes through.
    await pirate.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Description').fill('Arr, for the pirate-themed shop');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Behavior template updated successfully.');
    await pirate.getByText('Arr, for the pirate-themed shop').waitFor();

    // A customer opens the builder: the new default is chosen and its prompt fills the Behavior field.
    const customer = await signUp({ firstName: 'Cleo', lastName: 'Customer' });
    await customer.page.goto(`${server.url}/dashboard/chatbots/new`);
    const picker = customer.page.getByLabel('Behavior template');
    await picker.waitFor();
    expect(await picker.textContent()).toBe('Pirate support (default)');
    expect(await customer.page.getByLabel('System prompt').inputValue()).toBe(PIRATE_PROMPT);

    // Another template replaces the prompt; editing by hand is still allowed and shows as a custom prompt.
    await picker.click();
    await customer.page.getByRole('option', { name: 'Helpful support assistant' }).click();
    expect(await customer.page.getByLabel('System prompt').inputValue()).toMatch(/^You are a helpful assistant for our customers/);
    await customer.page.getByLabel('System prompt').fill(`${PIRATE_PROMPT} Keep it short.`);
    expect(await picker.textContent()).toBe('Custom prompt');
    await picker.click();
    await customer.page.getByRole('option', { name: 'Pirate support (default)' }).click();
    expect(await customer.page.getByLabel('System prompt').inputValue()).toBe(PIRATE_PROMPT);
    await screenshot(customer.page, 'builder-behavior-template', { fullPage: false });
    await customer.context.close();
  });

  test('an admin adds a chatbot template; a customer starts a chatbot from it, prefilled', async ({ server, signUp }) => {
    // Customers are offered every active template: this one goes after the test.
    onTestFinished(() => deleteWhere(server, '/api/admin/chatbot-templates', (template) => template.name === 'Bike shop helper'));
    const { page } = ada.account;
    await page.goto(`${server.url}/admin/templates`);
    await waitForConsole(page);
    await page.getByRole('heading', { name: 'No chatbot templates' }).waitFor();
    await page.getByRole('button', { name: 'Add Template' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Bike shop helper');
    await dialog.getByLabel('Description').fill('Answers cyclists about bikes, parts and repairs.');
    await dialog.getByLabel('Category').fill('Retail');
    await dialog.getByLabel('Features').fill('Repairs\nParts finder\nOpening hours\nWarranty');
    await dialog.getByLabel('System prompt').fill(BIKE_PROMPT);
    await dialog.getByLabel('Welcome message').fill('Hi! Which bike are we talking about?');
    await dialog.getByLabel('Suggested questions').fill('Do you fix e-bikes?\nWhat does a service cost?');

    // The raw JSON shows the same configuration; invalid JSON is refused with the spec's text.
    await dialog.getByRole('tab', { name: 'JSON' }).click();
    const json = dialog.getByLabel('Configuration JSON');
    const configuration = JSON.parse(await json.inputValue()) as Record<string, unknown>;
    expect(configuration).toMatchObject({ category: 'Retail', industry: 'General', difficulty: 'Beginner', setupTime: '10 mins', systemPrompt: BIKE_PROMPT });
    await json.fill(JSON.stringify({ ...configuration, setupTime: '5 mins' }).slice(0, -1));
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await dialog.getByText('Invalid JSON configuration').waitFor();
    await json.fill(JSON.stringify({ ...configuration, setupTime: '5 mins' }, null, 2));
    await dialog.getByRole('tab', { name: 'Configuration' }).click();
    expect(await dialog.getByLabel('Setup time').inputValue()).toBe('5 mins');
    await screenshot(page, 'chatbot-template-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await waitForToast(page, 'Template created successfully');

    const card = page.getByTestId('chatbot-template-card').filter({ hasText: 'Bike shop helper' });
    await card.getByText('Retail', { exact: true }).waitFor();
    await card.getByText('Repairs', { exact: true }).waitFor();
    await card.getByText('+2', { exact: true }).waitFor();
    await screenshot(page, 'chatbot-templates');

    const customer = await signUp({ firstName: 'Dan', lastName: 'Customer' });
    await customer.page.goto(`${server.url}/dashboard/chatbots`);
    await customer.page.getByRole('button', { name: 'Start from a template' }).click();
    await customer.page.getByTestId('template-choice').filter({ hasText: 'Bike shop helper' }).click();
    await customer.page.waitForURL(/\/dashboard\/chatbots\/new\?template=[0-9a-f-]{36}$/);
    await customer.page.getByTestId('chatbot-template-banner').getByText('Starting from “Bike shop helper”').waitFor();
    expect(await customer.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Bike shop helper');
    expect(await customer.page.getByLabel('Description').inputValue()).toBe('Answers cyclists about bikes, parts and repairs.');
    expect(await customer.page.getByLabel('System prompt').inputValue()).toBe(BIKE_PROMPT);
    expect(await customer.page.getByLabel('Welcome message').inputValue()).toBe('Hi! Which bike are we talking about?');
    await customer.page.getByText('Do you fix e-bikes?').waitFor();
    await screenshot(customer.page, 'builder-from-template', { fullPage: false });

    await customer.page.getByRole('button', { name: 'Create chatbot' }).click();
    await customer.page.waitForURL(/\/dashboard\/chatbots\/[0-9a-f-]{36}\?tab=training-data$/);
    const id = new URL(customer.page.url()).pathname.split('/').at(-1)!;
    const saved = (await (await customer.page.request.get(`${server.url}/api/chatbots/${id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      name: 'Bike shop helper',
      systemPrompt: BIKE_PROMPT,
      welcomeMessage: 'Hi! Which bike are we talking about?',
      suggestedQuestions: ['Do you fix e-bikes?', 'What does a service cost?'],
    });

    // Customers may read the catalogue, not manage it.
    expect((await customer.page.request.get(`${server.url}/api/admin/chatbot-templates`)).status()).toBe(403);
    expect((await customer.page.request.get(`${server.url}/api/chatbot-templates/active`)).status()).toBe(200);
    await customer.context.close();
  });
});
