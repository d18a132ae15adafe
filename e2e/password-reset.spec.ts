import { expect, describe } from 'vitest';
import { PASSWORD } from './support/accounts';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';
import type { RunningServer } from './support/server';

const NEW_PASSWORD = 'a fresh and longer secret';

/** Waits for the password-reset e-mail to `to` and returns its link. */
async function resetLink(server: RunningServer, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = [...server.emails].reverse().find((m) => m.to === to && m.subject === 'Reset your Parley password');
    const link = message && /https?:\/\/\S+/.exec(message.body)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a customer who forgot the password resets it from the e-mail link', () => {
  test('Forgot password? → link from the outbox → new password → old session gone → signs in with the new one; the used link is refused', async ({
    server,
    newContext,
    signUp,
  }) => {
    // Signed in somewhere else: that session must end with the reset.
    const elsewhere = await signUp({ firstName: 'Rosa', lastName: 'Reset' });
    expect((await elsewhere.page.request.get(`${server.url}/api/me`)).status()).toBe(200);

    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(elsewhere.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/auth\/forgot-password$/);
    // The address typed on the sign-in form came along.
    expect(await page.getByLabel('Email').inputValue()).toBe(elsewhere.email);
    await screenshot(page, 'auth-forgot-password');

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(`If an account uses ${elsewhere.email}, we sent it a link`);
    await screenshot(page, 'auth-reset-link-sent');

    const link = await resetLink(server, elsewhere.email);
    expect(link).toContain('/api/auth/reset-password/');
    await page.goto(link);
    await page.waitForURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await screenshot(page, 'auth-reset-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/auth$/);
    await page.getByText('Password changed').first().waitFor();

    // Every session ended, the old password no longer works, the new one does.
    expect((await elsewhere.page.request.get(`${server.url}/api/me`)).status()).toBe(401);
    await page.getByLabel('Email').fill(elsewhere.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Incorrect e-mail or credentials.').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText(/Rosa/).first().waitFor();

    // The link works once: opened again (in a signed-out browser) it says so and offers a new one.
    const stranger = await newContext({ viewport: { width: 1280, height: 800 } });
    const again = await stranger.newPage();
    await again.goto(link);
    await again.waitForURL(/\/auth\/reset-password\?error=INVALID_TOKEN/);
    await again.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
    await screenshot(again, 'auth-reset-link-invalid');
    await again.getByRole('link', { name: 'Send a new link' }).click();
    await again.waitForURL(/\/auth\/forgot-password$/);

    await stranger.close();
    await context.close();
    await elsewhere.context.close();
  });
});
