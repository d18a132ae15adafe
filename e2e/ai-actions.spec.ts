import { describe, onTestFinished } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';
import { deleteWhere } from './support/shared-server';

describe('custom actions: an admin builds an action with a webhook and an event handler', () => {
  test('creates the action, its webhook and handler are saved with it and shown when it is configured again', async ({ server, signUp }) => {
    const { page } = await signUp({ firstName: 'Grace', lastName: 'Hopper', admin: true });
    // The action templates are the installation's: this one goes after the test.
    onTestFinished(() => deleteWhere(server, '/api/admin/ai-actions/templates', (template) => template.name === 'Lead capture'));
    await page.goto(`${server.url}/admin/ai-agents`);
    await waitForConsole(page);
    await page.getByRole('button', { name: 'Create Action' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#action-name').fill('Lead capture');

    await dialog.getByRole('tab', { name: /Webhooks/ }).click();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const webhookForm = dialog.getByTestId('webhook-form');
    await webhookForm.getByText('New webhook').waitFor();
    await webhookForm.locator('#webhook-name').fill('CRM lead');
    await webhookForm.locator('#webhook-url').fill('https://hooks.example.com/parley');
    await webhookForm.getByRole('checkbox').first().click();
    await webhookForm.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('CRM lead').first().waitFor();
    await dialog.getByRole('tab', { name: /Webhooks\s*\(1\)/ }).waitFor();

    await dialog.getByRole('tab', { name: /Events/ }).click();
    await dialog.getByRole('button', { name: 'Add event handler' }).click();
    const handlerForm = dialog.getByTestId('event-handler-form');
    // Saved without a name or event type: the draft's own error, and the form stays open.
    await handlerForm.getByRole('button', { name: 'Add handler' }).click();
    await handlerForm.getByText('Please provide a name and event type for the handler').waitFor();
    await handlerForm.locator('#handler-name').fill('Store e-mail address');
    await handlerForm.locator('#handler-event-type').click();
    await page.getByRole('option', { name: 'User input' }).click();
    await screenshot(page, 'ai-actions-event-handler-form', { fullPage: false });
    await handlerForm.getByRole('button', { name: 'Add handler' }).click();
    await dialog.getByRole('tab', { name: /Events\s*\(1\)/ }).waitFor();

    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await page.getByText('Action template created successfully').first().waitFor();
    const card = page.getByTestId('action-template-card').filter({ hasText: 'Lead capture' });
    await card.getByRole('button', { name: 'Configure' }).click();
    await dialog.getByRole('tab', { name: /Webhooks\s*\(1\)/ }).click();
    await dialog.getByText('CRM lead').first().waitFor();
    await dialog.getByRole('tab', { name: /Events\s*\(1\)/ }).click();
    await dialog.getByText('Store e-mail address').first().waitFor();
    await screenshot(page, 'ai-actions-configure-events', { fullPage: false });

    // Edit the handler (its form opens on what was saved), remove the webhook, save: both changes are kept.
    await dialog.getByRole('button', { name: 'Edit handler Store e-mail address' }).click();
    await handlerForm.getByText('Edit handler “Store e-mail address”').waitFor();
    await handlerForm.locator('#handler-name').fill('Store the e-mail address');
    await handlerForm.getByRole('button', { name: 'Update handler' }).click();
    await dialog.getByText('Store the e-mail address').first().waitFor();
    await dialog.getByRole('tab', { name: /Webhooks\s*\(1\)/ }).click();
    await dialog.getByRole('button', { name: 'Remove webhook CRM lead' }).click();
    await page.getByText('Webhook “CRM lead” removed').first().waitFor();
    await dialog.getByText('No webhooks yet').waitFor();
    await screenshot(page, 'ai-actions-webhook-removed', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByText(/updated successfully/)
      .first()
      .waitFor();
    await card.getByRole('button', { name: 'Configure' }).click();
    await dialog.getByRole('tab', { name: /Webhooks\s*\(0\)|^Webhooks$/ }).click();
    await dialog.getByText('No webhooks yet').waitFor();
    await dialog.getByRole('tab', { name: /Events\s*\(1\)/ }).click();
    await dialog.getByText('Store the e-mail address').first().waitFor();
  });
});
