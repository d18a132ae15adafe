import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import { deleteWhere } from './support/shared-server';

/**
 * The page a checkout returns to, opened in another tab of the same session before the payment is made: the return
 * arriving before the provider's confirmation, as with Stripe when the webhook is late. It polls and says so.
 */
async function awaitingConfirmation(checkout: Page, url: string, name: string): Promise<Page> {
  const page = await checkout.context().newPage();
  await page.goto(url);
  await page.getByTestId('checkout-confirmation').filter({ hasText: 'Confirming your payment…' }).waitFor();
  expect(new URL(page.url()).search).toBe('');
  await screenshot(page, name);
  // Still confirming a few polls later: nothing has paid yet.
  await page.waitForTimeout(4_500);
  expect(await page.getByTestId('checkout-confirmation').textContent()).toContain('Confirming your payment…');
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  return page;
}

/** The confirmation arrives through the page's polling: the success toast shows and the alert is gone. */
async function confirmed(page: Page, toast: string, name: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: toast }).waitFor();
  await page.getByTestId('checkout-confirmation').waitFor({ state: 'detached' });
  await screenshot(page, name);
}

describe('billing with the sandbox payment provider', () => {
  test('a customer buys a token package through the sandbox checkout and sees the balance; then buys the Pro plan; the return pages wait for the payment to be confirmed', async ({
    server,
    signUp,
  }) => {
    // Every pricing page lists the installation's token packages (pricing.spec.ts starts from none): this one goes
    // after the test. The Pro plan stays, as a plan cannot be deleted while an organization (Carla's) is on it.
    onTestFinished(() => deleteWhere(server, '/api/admin/token-packages', (pack) => pack.name === 'Starter pack'));
    // An admin puts a Pro plan and a token package on sale.
    const { page: admin } = await signUp({ firstName: 'Bill', lastName: 'Ingram', admin: true });
    const headers = { origin: server.url };
    const plan = await admin.request.post(`${server.url}/api/admin/pricing/plans`, {
      headers,
      data: {
        tier: 'pro',
        displayName: 'Pro',
        description: 'For growing teams',
        priceMonthlyCents: 4900,
        priceAnnualCents: 49000,
        maxChatbots: 25,
        monthlyTokenLimit: 2000000,
        sortOrder: 2,
        isPopular: true,
        ctaText: 'Upgrade to Pro',
      },
    });
    expect(plan.status(), await plan.text()).toBe(201);
    const pack = await admin.request.post(`${server.url}/api/admin/token-packages`, {
      headers,
      data: { name: 'Starter pack', tokens: 50000, priceCents: 1500, isActive: true },
    });
    expect(pack.status(), await pack.text()).toBe(201);

    // Carla buys the token package.
    const { page, email: customerEmail } = await signUp({ firstName: 'Carla', lastName: 'Customer' });
    await page.goto(`${server.url}/dashboard/billing`);
    await page.getByTestId('token-balance').waitFor();
    expect((await page.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('0 tokens');
    await page.getByText('No invoices yet.').waitFor();
    await screenshot(page, 'billing-before');
    await page.getByRole('button', { name: 'Buy Starter pack' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/cs_sandbox_/);
    await page.getByTestId('checkout-amount').waitFor();
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('$15.00');

    // A declined card first: the message shows and nothing is bought.
    await page.getByLabel('Card number').fill('4000000000000002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await screenshot(page, 'billing-checkout-declined');
    // The return page while the payment is not confirmed yet (the purchase is still pending): it says it is confirming
    // and credits nothing; once the payment below goes through, the success toast replaces the alert.
    const tokensReturn = await awaitingConfirmation(page, `${server.url}/dashboard/billing?checkout=success`, 'billing-return-confirming');
    expect((await tokensReturn.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('0 tokens');
    // The card that asks for confirmation, then confirmed.
    await page.getByLabel('Card number').fill('4000002500003155');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).waitFor();
    await screenshot(page, 'billing-checkout-confirm');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await confirmed(tokensReturn, 'Tokens added to your balance.', 'billing-return-confirmed');
    expect((await tokensReturn.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('50,000 tokens');
    await tokensReturn.close();
    await page.waitForURL(/\/dashboard\/billing/);
    await page.getByText('50,000', { exact: false }).first().waitFor();
    expect((await page.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('50,000 tokens');
    // The invoice is listed, with its PDF.
    const pdfLink = page.getByRole('link', { name: 'PDF' }).first();
    await pdfLink.waitFor();
    const pdf = await page.request.get(`${server.url}${await pdfLink.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await screenshot(page, 'billing-after-purchase');

    // Carla buys the Pro plan: the limits rise.
    await page.goto(`${server.url}/dashboard/subscription`);
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.getByText('Free plan').first().waitFor();
    await screenshot(page, 'subscription-free');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/cs_sandbox_/);
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('$49.00 / month');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await screenshot(page, 'billing-checkout-form');
    const planReturn = await awaitingConfirmation(page, `${server.url}/dashboard/subscription?checkout=success`, 'subscription-return-confirming');
    await planReturn.getByText('Free plan').first().waitFor();
    await page.getByRole('button', { name: 'Pay $49.00 / month' }).click();
    await confirmed(planReturn, 'Thank you! Your plan is active.', 'subscription-return-confirmed');
    await planReturn.getByText('Pro plan').first().waitFor();
    await planReturn.close();
    await page.waitForURL(/\/dashboard\/subscription/);
    await page.getByText('Pro plan').first().waitFor();
    await page.getByText('Trial', { exact: true }).waitFor();
    await page.getByText('/ 25').first().waitFor();
    await screenshot(page, 'subscription-pro');

    // The sandbox portal shows the card; cancel at period end from the subscription page.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/portal/);
    await page.getByText('Card ending in 4242').waitFor();
    await screenshot(page, 'billing-sandbox-portal');
    await page.getByRole('link', { name: 'Back to Parley' }).click();
    await page.waitForURL(/\/dashboard\/subscription/);
    // Cancelling asks first, saying when the plan ends and what follows; keeping the plan changes nothing.
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    const confirmCancel = page.getByRole('alertdialog');
    await confirmCancel.getByRole('heading', { name: 'Cancel your Pro plan?' }).waitFor();
    expect(await confirmCancel.getByTestId('cancel-subscription-summary').innerText()).toMatch(
      /^Your Pro plan stays active until .+\d{4}, and nothing more is charged\.\s+Then the organization moves to the Free plan and its limits\. You can resume the subscription until then\.\s+The organization’s owners get an e-mail confirming the date\.$/,
    );
    await screenshot(page, 'subscription-cancel-confirm');
    await confirmCancel.getByRole('button', { name: 'Keep my plan' }).click();
    await confirmCancel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Resume subscription' }).count()).toBe(0);
    expect(await page.getByText(/ · ends on /).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await confirmCancel.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText(/ · ends on /).waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    // The owner is e-mailed the date, through the outbox.
    await expect
      .poll(() => server.emails.filter((mail) => mail.to === customerEmail && mail.subject.startsWith('Your Pro subscription will end on')).length)
      .toBe(1);

    // A second pack, and a confirmation that takes longer than the page polls (its clock run 61 s ahead): the alert
    // says the payment is still being confirmed, without claiming it failed; "Check again" picks it up once paid.
    await page.goto(`${server.url}/dashboard/billing`);
    await page.getByRole('button', { name: 'Buy Starter pack' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/cs_sandbox_/);
    const lateReturn = await page.context().newPage();
    await lateReturn.clock.install();
    await lateReturn.goto(`${server.url}/dashboard/billing?checkout=success`);
    await lateReturn.getByTestId('checkout-confirmation').filter({ hasText: 'Confirming your payment…' }).waitFor();
    await lateReturn.getByTestId('token-balance').waitFor();
    // Each due timer fires once: a last poll, and the end of the 60 s.
    await lateReturn.clock.fastForward(61_000);
    const delayed = lateReturn.getByTestId('checkout-confirmation').filter({ hasText: 'Your payment is still being confirmed' });
    await delayed.waitFor();
    await lateReturn.getByRole('button', { name: 'Check again', disabled: false }).waitFor();
    expect(await lateReturn.locator('[data-sonner-toast]').count()).toBe(0);
    await screenshot(lateReturn, 'billing-return-delayed');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.waitForURL(/\/dashboard\/billing/);
    await delayed.getByRole('button', { name: 'Check again' }).click();
    await confirmed(lateReturn, 'Tokens added to your balance.', 'billing-return-delayed-confirmed');
    expect((await lateReturn.getByTestId('token-balance').textContent())?.replace(/\s+/g, ' ')).toContain('100,000 tokens');
  });
});
