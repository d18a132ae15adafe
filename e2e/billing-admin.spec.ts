import { describe, expect, onTestFinished } from 'vitest';
import { tokenConversionVersion, type TokenConversion } from '@parley/shared/contracts/token-conversion';
import { bootstrapAdmin, signUpAndConfirm } from './support/accounts';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';
import { ownServer } from './support/suite';

describe('billing admin', () => {
  // A server of its own: the test reads the installation's billing as a whole (this month's revenue, the payment
  // failures of the last hour, the past-due subscriptions, every subscription the clock renews), which the admin
  // screens cannot narrow to one organization, and moves the sandbox clock a month on (and back): on the shared
  // server, other tests' purchases would count and their subscriptions would live a month ahead meanwhile.
  const own = ownServer();

  test('a sandbox token purchase shows in Activity Logs and in the Revenue tab; a signed test event through the Webhook Tester too', async ({ newContext }) => {
    const { server } = own;
    const admin = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, { firstName: 'Bill', lastName: 'Admin' });
    await bootstrapAdmin(admin.page, server);
    const { page } = admin;
    const headers = { origin: server.url };

    // A real sandbox purchase: a token package, a checkout from Payment Flows' step, paid with the test card.
    const created = await page.request.post(`${server.url}/api/admin/token-packages`, {
      headers,
      data: { name: 'E2E pack', tokens: 10_000, priceCents: 1250, isActive: true },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const pack = (await created.json()) as { id: string };
    const flow = await page.request.post(`${server.url}/api/admin/billing/payment-flows/token-checkout`, { headers, data: { packageId: pack.id } });
    const flowResult = (await flow.json()) as { status: string; url: string };
    expect(flowResult.status).toBe('success');
    const sessionId = flowResult.url.split('/').filter(Boolean).pop()!.split('?')[0]!;
    const paid = await page.request.post(`${server.url}/api/billing/sandbox/checkout/${sessionId}/pay`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Bill Admin' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    // Activity Logs: the checkout.session.completed event.
    await page.goto(`${server.url}/admin/billing?tab=activity`);
    await waitForConsole(page);
    const table = page.getByTestId('billing-events-table');
    await table.getByText('checkout.session.completed').first().waitFor();
    await screenshot(page, 'billing-admin-activity');

    // Webhook Tester: a signed test event goes through the real endpoint and shows its result.
    await page.getByRole('tab', { name: 'Webhook Tester' }).click();
    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'invoice.payment_failed' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByTestId('webhook-test-result');
    await result.getByText('HTTP 200').waitFor();
    // Processed in full for the admin's test organization, then rolled back.
    await result.getByText('Success', { exact: true }).waitFor();
    await result.getByText(/test event, rolled back: invoice .* payment failed/).waitFor();
    await screenshot(page, 'billing-admin-webhook-tester');
    await page.getByRole('tab', { name: 'Activity Logs' }).click();
    await table.getByText('invoice.payment_failed').first().waitFor();

    // Live Monitoring: a tester's event is no payment, so the failures of the last hour stay 0 (docs/decisions/
    // 0024-billing-administration.md: Webhook Tester events count in no billing health figure).
    await page.getByRole('tab', { name: 'Live Monitoring' }).click();
    await page.getByTestId('billing-health-score').waitFor();
    await expect.poll(async () => page.getByTestId('failures-h1').textContent(), { timeout: 35_000 }).toBe('0');
    await screenshot(page, 'billing-admin-live');

    // Revenue: this month's revenue includes the $12.50 purchase.
    await page.goto(`${server.url}/admin/pricing?tab=revenue`);
    await expect.poll(async () => page.getByTestId('revenue-this-month').textContent()).toContain('$12.50 revenue');
    await screenshot(page, 'billing-admin-revenue');

    await page.goto(`${server.url}/admin/pricing?tab=customers`);
    await page.getByTestId('customer-card').first().waitFor();
    await screenshot(page, 'billing-admin-customers');
    // The filters: a search that matches nobody, then back; a status with no subscriptions.
    await page.getByLabel('Search customers').fill('nobody-matches-this');
    await page.getByText('No customers found').waitFor();
    await page.getByLabel('Search customers').fill('');
    await page.getByTestId('customer-card').first().waitFor();
    // Invoices: the sandbox invoice of the purchase with its PDF, served by the admin route (any organization's).
    await page.getByRole('tab', { name: 'Invoices', exact: true }).click();
    const invoiceRow = page.getByRole('row').filter({ hasText: 'E2E pack' });
    const pdfLink = invoiceRow.getByRole('link', { name: 'PDF' });
    await pdfLink.waitFor();
    const href = await pdfLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/billing\/sandbox\/invoices\/[^/]+\/pdf$/);
    const pdf = await page.request.get(`${server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(page, 'billing-admin-invoices');
    await page.goto(`${server.url}/admin/pricing?tab=subscriptions`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Past due' }).click();
    await page.getByText('No subscriptions found').waitFor();
    await page.goto(`${server.url}/admin/pricing?tab=settings`);
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await screenshot(page, 'billing-admin-settings');

    // Payment Flows: the sandbox clock moves a month on and says what fell due.
    await page.goto(`${server.url}/admin/billing?tab=payment-flows`);
    const clock = page.getByTestId('sandbox-clock');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await clock
      .getByRole('status')
      .getByText(/Sandbox time is now .* \(31 days ahead\)\. Renewed 0 subscriptions/)
      .waitFor();
    await clock
      .getByTestId('sandbox-clock-now')
      .getByText(/Sandbox time: .*, 31 days ahead\./)
      .waitFor();
    await screenshot(page, 'billing-admin-sandbox-clock');

    // Reset: a confirmation says what happens; after it the clock is real time again and the figures read at it.
    await clock.getByRole('button', { name: 'Reset to real time' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Put the sandbox clock back 31 days?').waitFor();
    await confirm.getByText(/The sandbox’s time goes back to real time\. Nothing is undone/).waitFor();
    await confirm.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await screenshot(page, 'billing-admin-sandbox-clock-reset-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Reset clock' }).click();
    await clock
      .getByRole('status')
      .getByText(/The clock is back at real time \(.*\); it was 31 days ahead\./)
      .waitFor();
    await clock
      .getByTestId('sandbox-clock-now')
      .getByText(/Sandbox time is real time/)
      .waitFor();
    expect(await clock.getByRole('button', { name: 'Reset to real time' }).isDisabled()).toBe(true);
    const state = await page.request.get(`${server.url}/api/admin/billing/sandbox/clock`);
    expect(await state.json()).toMatchObject({ offsetSeconds: 0 });
    await screenshot(page, 'billing-admin-sandbox-clock-reset');
    // The purchase made before the clock moved is this month's revenue on the Revenue tab again.
    await page.goto(`${server.url}/admin/pricing?tab=revenue`);
    await expect.poll(async () => page.getByTestId('revenue-this-month').textContent()).toContain('$12.50 revenue');
  }, 180_000);
});

describe('token conversion admin', () => {
  test('Token Conversion: a save that crosses another admin’s save is refused, shows their values, and keeps the edits', async ({ server, signUp }) => {
    const { context, page } = await signUp({ firstName: 'Rita', lastName: 'Rates', admin: true });
    const headers = { origin: server.url };
    await page.goto(`${server.url}/admin/token-conversion`);
    await waitForConsole(page);
    const tokensPerCharacter = page.getByLabel('Tokens per character');
    await tokensPerCharacter.waitFor();

    // This admin starts editing; meanwhile another one saves new rates (the API the screen uses, at the version both read).
    await tokensPerCharacter.fill('0.5');
    const before = (await (await page.request.get(`${server.url}/api/admin/token-conversion`)).json()) as TokenConversion;
    // The rules are the installation's: they are as before again after the test.
    onTestFinished(async () => {
      const restored = await server.rootAdmin.put('/api/admin/token-conversion', {
        data: {
          conversion: { charactersPerToken: before.conversion.charactersPerToken, tokensPerCharacter: before.conversion.tokensPerCharacter },
          message: { description: before.message.description, baseRateMultiplier: before.message.baseRateMultiplier, isActive: before.message.isActive },
          storage: { description: before.storage.description, baseRateMultiplier: before.storage.baseRateMultiplier, isActive: before.storage.isActive },
        },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    });
    const theirs = await page.request.put(`${server.url}/api/admin/token-conversion`, {
      headers,
      data: {
        conversion: { charactersPerToken: 5, tokensPerCharacter: 0.2 },
        message: { description: before.message.description, baseRateMultiplier: 1.5, isActive: true },
        storage: { description: before.storage.description, baseRateMultiplier: before.storage.baseRateMultiplier, isActive: before.storage.isActive },
        expectedVersion: tokenConversionVersion(before),
      },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    // Saving on the page now hits the version conflict: the toast says why, the alert shows their values, the form keeps ours.
    await page.getByRole('tabpanel', { name: 'Conversion Rates' }).getByRole('button', { name: 'Save configuration' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Another administrator saved the conversion rules' }).waitFor();
    const conflict = page.getByRole('alert').filter({ hasText: 'Another administrator saved the token conversion' });
    await conflict.getByText('Theirs: 0.2 tokens per character (5 characters per token), message multiplier 1.5', { exact: false }).waitFor();
    expect(await tokensPerCharacter.inputValue()).toBe('0.5');
    await page.waitForTimeout(500); // the toast's entry animation, for a readable screenshot
    await screenshot(page, 'token-conversion-conflict');

    // Saving again knowingly replaces theirs, as the alert says: the alert goes, and the server has this admin's form,
    // their message multiplier included (the form still held the one it was opened with).
    await page.getByRole('tabpanel', { name: 'Conversion Rates' }).getByRole('button', { name: 'Save configuration' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Token conversion configuration saved successfully' }).waitFor();
    await conflict.waitFor({ state: 'detached' });
    const after = (await (await page.request.get(`${server.url}/api/admin/token-conversion`)).json()) as TokenConversion;
    expect(after.conversion.tokensPerCharacter).toBe(0.5);
    expect(after.message.baseRateMultiplier).toBe(before.message.baseRateMultiplier);
    await context.close();
  });
});
