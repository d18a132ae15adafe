import type { PricingPlan } from '@parley/shared/contracts/pricing-plans';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';
import { deleteWhere, type SharedServer } from './support/shared-server';

async function openAdmin(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForConsole(page);
}

async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/**
 * Undoes the test's changes to the installation's pricing (the Free plan as it was, the package and the FAQ gone), for
 * the tests that read the Free plan or start from an empty catalogue after it. Returns the undo, to call when the test ends.
 */
async function pricingRestorer(server: SharedServer): Promise<() => Promise<void>> {
  const plans = (await (await server.rootAdmin.get('/api/admin/pricing/plans')).json()) as { items: PricingPlan[] };
  const free = plans.items.find((plan) => plan.tier === 'free')!;
  return async () => {
    const { displayName, description, priceMonthlyCents, priceAnnualCents, maxChatbots, monthlyTokenLimit, sortOrder, isPopular, ctaText, extraFeatures } =
      free;
    const restored = await server.rootAdmin.put('/api/admin/pricing/plans/free', {
      data: { displayName, description, priceMonthlyCents, priceAnnualCents, maxChatbots, monthlyTokenLimit, sortOrder, isPopular, ctaText, extraFeatures },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await deleteWhere(server, '/api/admin/token-packages', (pack) => pack.name === 'Team refill');
    await deleteWhere(server, '/api/admin/pricing/faqs', (faq) => faq.question === 'Can I cancel at any time?');
  };
}

describe('pricing', () => {
  test('an admin adds a token package and edits a plan and an FAQ; /pricing shows them', async ({ server, newContext, signUp }) => {
    onTestFinished(await pricingRestorer(server));
    // Paula signs up through the API and becomes an admin.
    const { page: admin } = await signUp({ firstName: 'Paula', lastName: 'Pricing', admin: true });

    // Token packages: empty at first (the tests that sell one on this shared server delete it after them), then one
    // added with the spec's defaults changed, and saved.
    await openAdmin(admin, `${server.url}/admin/token-packages`);
    await admin.getByText('No token packages configured. Add your first package to get started.').waitFor();
    await admin.getByRole('button', { name: 'Add package' }).click();
    const row = admin.getByTestId('token-package-row');
    expect(await row.getByLabel('Name').inputValue()).toBe('New Package');
    expect(await row.getByLabel('Tokens').inputValue()).toBe('1000');
    expect(await row.getByLabel('Price (cents)').inputValue()).toBe('999');
    await row.getByLabel('Name').fill('Team refill');
    await row.getByLabel('Tokens').fill('250000');
    // At $0 the package could not be bought: the row says it is not on sale (the pricing pages leave it out).
    await row.getByLabel('Price (cents)').fill('0');
    await row.getByTestId('package-not-for-sale').getByText('Not on sale: a package needs a price above $0').waitFor();
    await screenshot(admin, 'pricing-token-package-not-for-sale', { fullPage: false });
    await row.getByLabel('Price (cents)').fill('1900');
    await row.getByTestId('package-not-for-sale').waitFor({ state: 'detached' });
    await row.getByTestId('price-per-token').getByText('$0.000076').waitFor();
    await row.getByRole('button', { name: 'Save' }).click();
    await waitForToast(admin, 'Package saved successfully');
    await row.getByText('Not saved yet').waitFor({ state: 'detached' });
    await screenshot(admin, 'pricing-token-packages');

    // The free plan gets a new name, a price and an extra feature.
    await openAdmin(admin, `${server.url}/admin/pricing`);
    await admin.getByTestId('rate-limit-status').getByText('10 per 15 minutes').first().waitFor();
    await admin.getByRole('button', { name: 'Edit Free' }).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByLabel('Tier ID').isDisabled()).toBe(true);
    await dialog.getByLabel('Display name').fill('Hobby');
    await dialog.getByLabel('Monthly price').fill('4.50');
    await dialog.getByLabel('Extra features').fill('Community support');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await waitForToast(admin, 'Pricing plan saved successfully');
    await admin.getByTestId('pricing-plan-row').filter({ hasText: 'Hobby' }).getByText('$4.50').waitFor();
    await screenshot(admin, 'pricing-plans');

    // The FAQs fail to load once: the alert and a toast say so under the spec's title; Retry loads them.
    const faqsUrl = '**/api/admin/pricing/faqs';
    await admin.route(faqsUrl, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The database is restarting.' }),
      }),
    );
    await admin.reload();
    await waitForConsole(admin);
    await admin.getByRole('tab', { name: 'FAQs' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Failed to load FAQs' }).waitFor();
    await admin.locator('[data-sonner-toast]').filter({ hasText: 'Failed to load FAQs' }).waitFor();
    await screenshot(admin, 'pricing-faqs-load-failed', { fullPage: false });
    await admin.unroute(faqsUrl);
    await admin.getByRole('button', { name: 'Retry' }).click();

    // An FAQ, created and then edited.
    await admin.getByText('No FAQs found. Create your first FAQ to get started.').waitFor();
    await admin.getByRole('button', { name: 'Create FAQ' }).first().click();
    const faqDialog = admin.getByRole('dialog', { name: 'Create FAQ' });
    expect(await faqDialog.getByLabel('Order').inputValue()).toBe('1');
    await faqDialog.getByLabel('Question').fill('Can I cancel at any time?');
    await faqDialog.getByLabel('Answer').fill('Yes.');
    await faqDialog.getByRole('button', { name: 'Create FAQ' }).click();
    await waitForToast(admin, 'FAQ saved successfully');
    await admin.getByRole('button', { name: 'Edit FAQ: Can I cancel at any time?' }).click();
    const editDialog = admin.getByRole('dialog', { name: 'Edit FAQ' });
    await editDialog.getByLabel('Answer').fill('Yes, from the billing page, and the plan runs until the end of the month.');
    await editDialog.getByRole('button', { name: 'Save FAQ' }).click();
    await admin.getByTestId('pricing-faq-row').getByText('Yes, from the billing page').waitFor();

    // Another admin saves the FAQ while this one has it open: this save is refused rather than putting theirs back,
    // and the list shows their answer.
    await admin.getByRole('button', { name: 'Edit FAQ: Can I cancel at any time?' }).click();
    const staleDialog = admin.getByRole('dialog', { name: 'Edit FAQ' });
    const faqs = (await (await admin.request.get(`${server.url}/api/admin/pricing/faqs`)).json()) as { items: { id: string; updatedAt: string }[] };
    const theirs = await admin.request.put(`${server.url}/api/admin/pricing/faqs/${faqs.items[0]!.id}`, {
      headers: { origin: server.url },
      data: {
        question: 'Can I cancel at any time?',
        answer: 'Yes, from the billing page; the plan runs until the end of the month.',
        displayOrder: 1,
        expectedUpdatedAt: faqs.items[0]!.updatedAt,
      },
    });
    expect(theirs.status()).toBe(200);
    await staleDialog.getByLabel('Answer').fill('Yes.');
    await staleDialog.getByRole('button', { name: 'Save FAQ' }).click();
    await admin.locator('[data-sonner-toast]').filter({ hasText: 'Another administrator saved this FAQ' }).waitFor();
    await staleDialog.getByText('Another administrator saved this FAQ').waitFor();
    await admin.getByTestId('pricing-faq-row').getByText('Yes, from the billing page; the plan runs').waitFor();
    await screenshot(admin, 'pricing-faq-edit-conflict', { fullPage: false });
    await staleDialog.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('button', { name: 'Edit FAQ: Can I cancel at any time?' }).click();
    const freshDialog = admin.getByRole('dialog', { name: 'Edit FAQ' });
    await freshDialog.getByLabel('Answer').fill('Yes, from the billing page, and the plan runs until the end of the month.');
    await freshDialog.getByRole('button', { name: 'Save FAQ' }).click();
    await admin.getByTestId('pricing-faq-row').getByText('Yes, from the billing page, and the plan runs').waitFor();

    // The public page, seen by a visitor who is not signed in.
    const visitor = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${server.url}/`);
    await visitor.getByRole('link', { name: 'Pricing', exact: true }).click();
    await visitor.waitForURL(/\/pricing$/);
    const hobby = visitor.getByTestId('pricing-plan-card').filter({ hasText: 'Hobby' });
    await hobby.getByText('$4.50').waitFor();
    await hobby.getByText('Community support').waitFor();
    await hobby.getByText('3 Active Chatbots').waitFor();
    expect(await hobby.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth?mode=sign-up');
    const pack = visitor.getByTestId('token-package-card').filter({ hasText: 'Team refill' });
    await pack.getByText('$19').waitFor();
    await pack.getByText('250K tokens').waitFor();
    await pack.getByText('$0.08 per 1K tokens').waitFor();
    await visitor.getByRole('button', { name: 'Can I cancel at any time?' }).click();
    await visitor.getByText('Yes, from the billing page, and the plan runs until the end of the month.').waitFor();
    await screenshot(visitor, 'pricing-public');
    await visitor.close();
  });
});
