import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshot } from './support/browser';
import { test, type NewContext, type SignUp } from './support/fixtures';

/** Signs a new user up and in through the confirmation link, with Playwright's clock installed. */
async function signedInPage({ newContext, signUp }: { newContext: NewContext; signUp: SignUp }): Promise<Page> {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await context.clock.install();
  const email = `idle-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { page } = await signUp({ context, email, firstName: 'Idle', lastName: 'Tester' });
  await page.getByText('Welcome, Idle').waitFor();
  // The idle warning is loaded once the session is known: the clock jumps only after it is in place.
  await page.waitForLoadState('networkidle');
  return page;
}

describe('idle sign-out with a controlled clock', () => {
  test('warns at 25 minutes idle with a 5:00 countdown and signs out at zero, ending the session on the server', async ({ server, newContext, signUp }) => {
    const page = await signedInPage({ newContext, signUp });
    await page.clock.fastForward('24:50');
    expect(await page.getByText('Session Timeout Warning').isVisible()).toBe(false);
    await page.clock.fastForward('00:11');
    const dialog = page.getByTestId('session-timeout-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toMatch(/Your session will expire in (5:00|4:5\d) due to inactivity\. You will be automatically signed out for security reasons\./);
    await page.clock.fastForward('01:00');
    await expect.poll(() => dialog.textContent()).toMatch(/expire in 3:5\d/);
    await screenshot(page, 'session-timeout-warning');

    await page.clock.fastForward('04:05');
    await page.waitForURL(/\/auth$/);
    const me = await page.request.get(`${server.url}/api/me`);
    expect(me.status()).toBe(401);
    await page.context().close();
  });

  test('activity closes the warning and restarts the 25 minutes; Continue Session does the same', async ({ server, newContext, signUp }) => {
    const page = await signedInPage({ newContext, signUp });
    await page.clock.fastForward('25:01');
    await page.getByText('Session Timeout Warning').waitFor();
    await page.mouse.move(200, 300);
    await page.mouse.move(220, 320);
    await page.getByText('Session Timeout Warning').waitFor({ state: 'hidden' });

    await page.clock.fastForward('20:00');
    expect(await page.getByText('Session Timeout Warning').isVisible()).toBe(false);
    await page.clock.fastForward('05:01');
    await page.getByText('Session Timeout Warning').waitFor();
    // A pointer moving onto the button is itself activity (spec: mouse move closes the warning), so a real click
    // races the dialog it closes. The click event alone shows that the button resets the timers.
    await page.getByRole('button', { name: 'Continue Session' }).dispatchEvent('click');
    await page.getByText('Session Timeout Warning').waitFor({ state: 'hidden' });
    await page.clock.fastForward('10:00');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await page.request.get(`${server.url}/api/me`)).status()).toBe(200);
    await page.context().close();
  });

  test('signs an idle user out on a public page too (the pricing page)', async ({ server, newContext, signUp }) => {
    const page = await signedInPage({ newContext, signUp });
    await page.goto(`${server.url}/pricing`);
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('25:01');
    await page.getByTestId('session-timeout-dialog').waitFor();
    await page.clock.fastForward('05:05');
    await page.waitForURL(/\/auth$/);
    expect((await page.request.get(`${server.url}/api/me`)).status()).toBe(401);
    await page.context().close();
  });
});
