import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';
import type { SharedServer } from './support/shared-server';

async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Makes the user with this address a support admin through the first admin, taken back when the test ends. */
async function makeSupportAdmin(server: SharedServer, email: string): Promise<void> {
  const found = await server.rootAdmin.get('/api/admin/profiles/search', { params: { email } });
  const profile = ((await found.json()) as { items: { id: string; email: string }[] }).items.find((item) => item.email === email);
  expect(profile).toBeDefined();
  const created = await server.rootAdmin.post('/api/admin/admin-users', { data: { userId: profile!.id, role: 'support' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  onTestFinished(() => server.removeAdmin(id));
}

/** Picks an option of a labelled Select (Radix: a combobox and a listbox). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const localDay = (offsetDays = 0) => {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

describe('the operator console', () => {
  test('support sends a message to a user from the dashboard, and it reaches their bell', async ({ server, signUp }) => {
    const support = await signUp({ firstName: 'Sue', lastName: 'Support' });
    await makeSupportAdmin(server, support.email);
    const customer = await signUp({ firstName: 'Carl', lastName: 'Customer' });

    await support.page.goto(`${server.url}/admin`);
    await waitForConsole(support.page);
    expect(await support.page.getByTestId('sidebar-role').textContent()).toBe('Support');
    // Support opens the dashboard only; the Send Message button is on it.
    await support.page.getByRole('button', { name: 'Send Message' }).click();
    const dialog = support.page.getByRole('dialog', { name: 'Send Message to Users' });
    await dialog.getByRole('radio', { name: 'Selected Users' }).click();
    await dialog.getByLabel('Choose recipients').fill(customer.email);
    await dialog.getByRole('checkbox', { name: customer.email }).click();
    await dialog.getByLabel('Title', { exact: true }).fill('Your ticket is answered');
    await dialog.getByLabel('Message', { exact: true }).fill('We replied to your question about the widget colours.');
    await dialog.getByText('Will send to 1 users').waitFor();
    await screenshot(support.page, 'support-send-message', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await waitForToast(support.page, 'Message sent to 1 user(s)');
    await dialog.waitFor({ state: 'hidden' });

    await customer.page.reload();
    await customer.page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    await customer.page.getByTestId('notification-list').getByText('Your ticket is answered').waitFor();
    await customer.page.getByTestId('notification-list').getByText('We replied to your question about the widget colours.').waitFor();
  });

  test('the activity log pages, filters by admin, resource and date, exports CSV with progress, and records no page views', async ({ server, signUp }) => {
    const admin = await signUp({ firstName: 'Ava', lastName: 'Auditor', admin: true });
    const first = await signUp({ firstName: 'Fay', lastName: 'First' });
    const second = await signUp({ firstName: 'Sid', lastName: 'Second' });
    const userId = async (email: string) => {
      const found = await admin.page.request.get(`${server.url}/api/admin/users`, { params: { search: email } });
      return ((await found.json()) as { items: { id: string; email: string }[] }).items.find((item) => item.email === email)!.id;
    };
    const [firstId, secondId] = [await userId(first.email), await userId(second.email)];
    // 30 entries by this admin: User Details read 27 times for one customer and 3 times for the other.
    for (let i = 0; i < 30; i += 1) {
      const response = await admin.page.request.get(`${server.url}/api/admin/users/${i < 27 ? firstId : secondId}`);
      expect(response.status()).toBe(200);
    }

    // Visiting the dashboard is not activity.
    await admin.page.goto(`${server.url}/admin`);
    await waitForConsole(admin.page);
    await admin.page.getByText('Total Users').waitFor();

    await admin.page.goto(`${server.url}/admin/activity`);
    await waitForConsole(admin.page);
    await choose(admin.page, 'Admin', admin.email);
    await admin.page.getByText('1–25 of 30').waitFor();
    // The pager's label follows the page asked for at once; the rows, when they arrive (the last page's stay meanwhile).
    await expect.poll(() => admin.page.getByTestId('activity-row').count()).toBe(25);
    expect(await admin.page.getByTestId('activity-row').filter({ hasText: 'admin_dashboard_view' }).count()).toBe(0);
    await admin.page.getByTestId('stat-total-activities').getByText('30', { exact: true }).waitFor();
    await screenshot(admin.page, 'activity-log-filtered');
    await admin.page.getByRole('navigation', { name: 'Activity log pages' }).getByRole('button', { name: 'Next' }).click();
    await admin.page.getByText('26–30 of 30').waitFor();
    await expect.poll(() => admin.page.getByTestId('activity-row').count()).toBe(5);
    // The filters and the page are in the address: a reload shows the same entries.
    expect(new URL(admin.page.url()).searchParams.get('page')).toBe('2');
    await admin.page.reload();
    await admin.page.getByText('26–30 of 30').waitFor();

    // By resource: the first characters of the second customer's id, as the table shows them.
    await admin.page.getByLabel('Resource id', { exact: true }).fill(secondId.slice(0, 8));
    await admin.page.getByText('3 entries', { exact: true }).waitFor();
    await expect.poll(() => admin.page.getByTestId('activity-row').count()).toBe(3);
    await admin.page.getByLabel('Resource id', { exact: true }).fill('');
    await admin.page.getByText('1–25 of 30').waitFor();

    // By date: nothing from tomorrow on; today's are all there; a range backwards is refused on the spot.
    await admin.page.getByLabel('From', { exact: true }).fill(localDay(1));
    await admin.page.getByText('No activity logs found').waitFor();
    await admin.page.getByLabel('From', { exact: true }).fill(localDay(0));
    await admin.page.getByLabel('To', { exact: true }).fill(localDay(0));
    await admin.page.getByText('1–25 of 30').waitFor();
    await admin.page.getByLabel('To', { exact: true }).fill(localDay(-1));
    await admin.page.getByText('“From” must be on or before “To”.').waitFor();
    await admin.page.getByLabel('To', { exact: true }).fill(localDay(0));
    await admin.page.getByText('1–25 of 30').waitFor();

    // Export: the bar shows while the file arrives (held here until we look), then the file holds the 30 entries.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.page.route('**/api/admin/activity/export**', async (route) => {
      await held;
      await route.continue();
    });
    await admin.page.getByRole('button', { name: 'Export CSV' }).click();
    const progress = admin.page.getByTestId('activity-export-progress');
    await progress.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    await progress.getByText('0 rows so far…').waitFor();
    await screenshot(admin.page, 'activity-log-export-progress', { fullPage: false });
    const download = admin.page.waitForEvent('download');
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^parley-activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,action,resource_type,resource_id,admin_user_id,admin_email,ip_address,user_agent,details');
    expect(lines).toHaveLength(31);
    expect(lines.slice(1).every((line) => line.includes(',user_viewed,user,') && line.includes(admin.email))).toBe(true);
    expect(lines.filter((line) => line.includes(secondId))).toHaveLength(3);
    await admin.page.getByText(/^Exported 30 entries to parley-activity-log-.*\.csv$/).waitFor();
  });

  test('a system admin finds a new sign-up’s confirmation e-mail in the outbox, passes its link on, and resends it', async ({ server, signUp, newContext }) => {
    const admin = await signUp({ firstName: 'Olive', lastName: 'Outbox', admin: true });

    // Someone signs up; without SMTP the confirmation e-mail stays in the outbox.
    const newcomer = await newContext({ viewport: { width: 1280, height: 900 } });
    const email = uniqueEmail('nina', 'newcomer');
    const signUpResponse = await newcomer.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { origin: server.url },
      data: { email, password: PASSWORD, firstName: 'Nina', lastName: 'Newcomer', callbackURL: '/auth/callback?type=email' },
    });
    expect(signUpResponse.status()).toBe(200);

    // Launch Materials and the debug console lead to the outbox.
    await admin.page.goto(`${server.url}/launch-materials`);
    await admin.page.getByRole('link', { name: 'Debug console (e-mail outbox)' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/debug/outbox');
    await admin.page.goto(`${server.url}/admin/debug`);
    await waitForConsole(admin.page);
    await admin.page.getByTestId('outbox-link-card').getByRole('link', { name: 'Open the outbox' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/debug/outbox');
    await admin.page
      .getByTestId('breadcrumb-section')
      .filter({ hasText: /^E-mail Outbox$/ })
      .waitFor();

    await admin.page.getByLabel('Search e-mails by address or subject').fill(email.toUpperCase());
    const row = admin.page.getByTestId('outbox-row').filter({ hasText: email });
    await row.getByText('Confirm your e-mail address for Parley').waitFor();
    await row.getByText('Kept here (no SMTP)').waitFor();
    // The search reaches the server once typing stops: then this e-mail is the only one listed.
    await admin.page.getByText('1 e-mail', { exact: true }).waitFor();
    expect(await admin.page.getByTestId('outbox-row').count()).toBe(1);
    await screenshot(admin.page, 'email-outbox');
    await row.getByRole('button', { name: /^Open the e-mail to / }).click();
    const message = admin.page.getByTestId('outbox-email');
    await message.getByText(`To ${email}`).waitFor();
    await message.getByText(/Confirm your e-mail address to finish setting up your Parley account/).waitFor();
    const open = message.getByTestId('outbox-links').getByRole('link', { name: 'Open link' });
    expect(await open.count()).toBe(1);
    expect(await open.getAttribute('target')).toBe('_blank');
    const link = (await open.getAttribute('href'))!;
    expect(link).toMatch(/\/api\/auth\/verify-email\?token=/);
    await screenshot(admin.page, 'email-outbox-message', { fullPage: false });

    // The admin passes the link on; the newcomer follows it and is in, confirmed.
    const page = await newcomer.newPage();
    await page.goto(link);
    await page.waitForURL(/\/dashboard/);
    const me = (await (await page.request.get(`${server.url}/api/me`)).json()) as { user: { email: string; emailVerified: boolean } };
    expect(me.user).toMatchObject({ email, emailVerified: true });

    // Resend keeps the same e-mail again (no SMTP), and says so.
    await message.getByRole('button', { name: 'Resend' }).click();
    await waitForToast(admin.page, 'E-mail kept in the outbox again (no SMTP is set).');
    await message.getByRole('button', { name: 'Close' }).first().click();
    await row.getByText(/^Resent /).waitFor();
    expect(await admin.page.getByTestId('outbox-row').count()).toBe(1);

    // Reading and resending are in the activity log.
    const log = (await (await admin.page.request.get(`${server.url}/api/admin/activity`, { params: { resourceType: 'email' } })).json()) as {
      items: { action: string; details: { to?: string } }[];
    };
    expect(log.items.filter((entry) => entry.details.to === email).map((entry) => entry.action)).toEqual(['email_resent', 'email_viewed']);
  });
});
