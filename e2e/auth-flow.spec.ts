import type { Page } from 'playwright-core';
import { PASSWORD_MIN_LENGTH } from '@parley/shared/constants';
import { describe, expect } from 'vitest';
import { PASSWORD } from './support/accounts';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import { confirmationLink } from './support/server';

describe('a new customer signs up, confirms, signs in and out', () => {
  test('sign up → confirm from the outbox link → sign in → dashboard → sign out → /dashboard redirects to /auth', async ({ server, newContext }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const email = `e2e-${Date.now()}@example.com`;

    // Unauthenticated users are sent to /auth.
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/auth$/);
    await screenshot(page, 'auth-sign-in');

    await page.getByRole('tab', { name: /sign up/i }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await screenshot(page, 'auth-sign-up-filled');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(/check your e-?mail/i)
      .first()
      .waitFor();
    await screenshot(page, 'auth-check-email');

    // The confirmation link from the outbox signs the user in through /auth/callback?type=email.
    const link = await confirmationLink(server, email);
    expect(link).toContain('/api/auth/verify-email?token=');
    await page.goto(link);
    await page.waitForURL(/\/dashboard/);
    await page.getByText(/Ada/).first().waitFor();
    await screenshot(page, 'dashboard-after-confirm');

    // Sign out, then sign in again with the password.
    await signOut(page);
    await page.waitForURL(/\/auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText(/Ada/).first().waitFor();
    await screenshot(page, 'dashboard');

    await signOut(page);
    await page.waitForURL(/\/auth$/);
    await page.getByText('Signed out successfully').first().waitFor();

    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/auth$/);
    const me = await page.request.get(`${server.url}/api/me`);
    expect(me.status()).toBe(401);
    await context.close();
  });

  test('a wrong password shows a readable error and stays on /auth', async ({ server, newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Incorrect e-mail or credentials.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'auth-wrong-password');
    await context.close();
  });

  test('the forms validate in the browser with the shared contracts (loaded after the first screen) and send nothing invalid', async ({
    server,
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-')) sent.push(request.url());
    });
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter a valid e-mail address').first().waitFor();
    await page.getByText('Password is required').first().waitFor();

    await page.getByRole('tab', { name: /sign up/i }).click();
    await page.getByLabel('First name').fill('   ');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name is required').first().waitFor();
    await page.getByText('Last name is required').first().waitFor();
    await page.getByText('Enter a valid e-mail address').first().waitFor();
    await page.getByText(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`).first().waitFor();
    await screenshot(page, 'auth-sign-up-invalid');
    expect(sent).toEqual([]);
    await context.close();
  });
});

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
