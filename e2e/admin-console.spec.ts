import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { PASSWORD, signUpAndConfirm } from './support/accounts';
import { DOCS_SCREENSHOT_DIR, screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';
import { ownServer } from './support/suite';

async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Light and dark screenshots for the docs, without toasts (a fresh load) and with the current theme restored. */
async function docsScreenshots(page: Page, name: string, height: number, ready: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1280, height });
  await page.reload();
  await waitForConsole(page);
  await ready();
  await screenshot(page, `${name}-light`, { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  await screenshot(page, `${name}-dark`, { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** TanStack Query refetches on this event, as when the user comes back to the tab. */
async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

describe('the admin console', () => {
  // A server of its own: the first test starts on an installation without an admin (the bootstrap is offered, then
  // closed), which the shared server stopped being when it started (its first admin, the last system admin, cannot be
  // removed); and the console's lists and counts (every user on one page, the newest activity) are this test's alone.
  const own = ownServer();
  const newWindow = { viewport: { width: 1280, height: 900 } };

  test('bootstrap → add a support admin → roles limit the console → deactivate and reactivate a customer → a message reaches their bell', async ({
    newContext,
  }) => {
    const { server } = own;
    const admin = await signUpAndConfirm(await newContext(newWindow), server, { firstName: 'Ada', lastName: 'Lovelace' });
    const support = await signUpAndConfirm(await newContext(newWindow), server, { firstName: 'Sam', lastName: 'Support' });
    const customer = await signUpAndConfirm(await newContext(newWindow), server, { firstName: 'Cleo', lastName: 'Customer' });

    // The first user is not an admin yet: Access Denied, with the bootstrap offered while no admin exists.
    await admin.page.goto(`${server.url}/admin`);
    const denied = admin.page.getByTestId('access-denied');
    await denied.getByText("You don't have administrative privileges to access this area.").waitFor();
    await denied.getByText('Contact a system administrator if you believe this is an error.').waitFor();
    await denied.getByText('The server refused admin access').waitFor();
    await screenshot(admin.page, 'admin-access-denied');
    await admin.page.getByRole('button', { name: 'Make me admin (bootstrap)' }).click();
    await waitForToast(admin.page, 'You are now an admin. Reloading…');
    await admin.page.getByTestId('admin-splash').getByText('Entering Admin Panel').waitFor();
    await waitForConsole(admin.page);
    await admin.page.getByText('Total Users').waitFor();
    expect(await admin.page.getByTestId('sidebar-role').textContent()).toBe('System Admin');
    expect(await admin.page.getByTestId('breadcrumb-section').textContent()).toBe('Dashboard');
    const adminMe = (await (await admin.page.request.get(`${server.url}/api/admin/me`)).json()) as { role: string; noAdminsExist: boolean };
    expect(adminMe).toMatchObject({ role: 'system_admin', noAdminsExist: false });
    // The bootstrap is closed now that an admin exists.
    expect((await support.page.request.post(`${server.url}/api/admin/bootstrap`, { data: {} })).status()).toBe(409);
    await docsScreenshots(admin.page, 'admin-dashboard', 1140, async () => {
      // A new installation: every user joined in the last 30 days, none the 30 before, so the change is "New", not "+100%".
      await admin.page.getByTestId('stat-total-users').getByText('none last month').waitFor();
      expect(await admin.page.getByTestId('stat-total-users').getByText('New', { exact: true }).count()).toBe(1);
      expect(await admin.page.getByTestId('stat-total-users').textContent()).not.toContain('%');
      await admin.page.getByTestId('system-health').getByText('Database', { exact: true }).waitFor();
      await admin.page
        .getByTestId('system-health')
        .getByText(/No AI provider configured: answers are extractive only/)
        .waitFor();
      await admin.page.getByTestId('system-health').getByText('One process on the embedded database: it serves requests and runs background work').waitFor();
      await admin.page.getByTestId('recent-activity').getByText('Admin user created').first().waitFor();
    });

    // Ctrl+B collapses the sidebar to icons and the state is kept in the sidebar_state cookie.
    await admin.page.keyboard.press('Control+b');
    await admin.page.locator('[data-slot=sidebar][data-state=collapsed]').waitFor();
    expect((await admin.context.cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false');
    await admin.page.keyboard.press('Control+b');
    await admin.page.locator('[data-slot=sidebar][data-state=expanded]').waitFor();

    // The system admin makes the second user a support admin through the Admin Users dialog.
    await admin.page.getByRole('link', { name: 'Admin Users' }).click();
    await admin.page.getByRole('button', { name: 'Add Admin User' }).click();
    await admin.page.getByLabel('Search by e-mail').fill('SAM.SUP');
    await admin.page.keyboard.press('Enter');
    await admin.page.getByRole('option', { name: new RegExp(support.email) }).click();
    await admin.page.getByRole('combobox').click();
    await admin.page.getByRole('option', { name: 'Support' }).click();
    // The hint says what support can open (Send Message is on the dashboard for support).
    await admin.page.getByText('The dashboard (read only), with Send Message to users.').waitFor();
    await admin.page.getByRole('button', { name: `Make ${support.email} an admin` }).click();
    await waitForToast(admin.page, 'Admin user created successfully');
    const supportRow = admin.page.getByTestId('admin-user-row').filter({ hasText: support.email });
    await supportRow.getByText('Support', { exact: true }).waitFor();
    await supportRow.getByText('Active', { exact: true }).waitFor();
    await docsScreenshots(admin.page, 'admin-users', 820, async () => {
      await admin.page.getByTestId('admin-user-row').filter({ hasText: support.email }).waitFor();
    });

    // The support admin sees only the Dashboard, and is refused User Management and Referrals (system_admin only).
    await support.page.goto(`${server.url}/admin`);
    await waitForConsole(support.page);
    expect(await support.page.getByTestId('sidebar-role').textContent()).toBe('Support');
    const entries = await support.page.getByTestId('admin-sidebar-menu').getByRole('link').allTextContents();
    expect(entries).toEqual(['Dashboard']);
    await support.page.goto(`${server.url}/admin/users`);
    const refused = support.page.getByTestId('insufficient-permissions');
    await refused.getByText('Insufficient Permissions').waitFor();
    await refused.getByText('You need system_admin role to access this feature.').waitFor();
    await refused.getByText('You need system administrator privileges to manage users.').waitFor();
    await screenshot(support.page, 'admin-support-insufficient');
    // The referral dashboard is the system admin's (spec route table): support is refused, on the screen and the API.
    await support.page.goto(`${server.url}/admin/referrals`);
    await refused.getByText('You need system admin privileges to access this page.').waitFor();
    expect(await support.page.getByText('No referrers yet').count()).toBe(0);
    await screenshot(support.page, 'admin-referrals-support');
    for (const path of ['/api/admin/referrals', '/api/admin/referrals/referrers', '/api/admin/referrals/list']) {
      expect((await support.page.request.get(`${server.url}${path}`)).status(), path).toBe(403);
    }
    await admin.page.goto(`${server.url}/admin/referrals`);
    await admin.page.getByText('Customers whose links brought sign-ups, the most first.').waitFor();
    await admin.page.getByText('No referrers yet').waitFor();
    // Every restricted page shows its red alert, in the role's words where the spec gives the page none.
    await support.page.goto(`${server.url}/admin/pricing`);
    await refused.getByText('You need system admin privileges to access this page.').waitFor();
    expect((await support.page.request.get(`${server.url}/api/admin/users`)).status()).toBe(403);

    // The system admin deactivates the customer, whose open session ends at once.
    await admin.page.getByRole('link', { name: 'User Management' }).click();
    await admin.page.getByRole('button', { name: `Deactivate ${customer.email}` }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await waitForToast(admin.page, 'User deactivated successfully');
    const customerRow = admin.page.getByTestId('user-row').filter({ hasText: customer.email });
    await customerRow.getByText('Deactivated', { exact: true }).waitFor();
    // Everyone fits on one page: the list says how many there are, without page buttons.
    await admin.page.getByText(/^\d+ users$/).waitFor();
    expect(await admin.page.getByRole('navigation', { name: 'User pages' }).count()).toBe(0);
    await screenshot(admin.page, 'admin-user-management');
    // One cannot deactivate oneself: the button is disabled.
    expect(await admin.page.getByRole('button', { name: 'You cannot deactivate yourself' }).isDisabled()).toBe(true);

    expect((await customer.page.request.get(`${server.url}/api/me`)).status()).toBe(401);
    await returnToTab(customer.page);
    await customer.page.waitForURL(/\/auth$/);
    await customer.page.getByLabel('Email').fill(customer.email);
    await customer.page.getByLabel('Password').fill(PASSWORD);
    await customer.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await customer.page.getByText('This account has been deactivated. Contact support to reactivate it.').first().waitFor();
    expect(new URL(customer.page.url()).pathname).toBe('/auth');

    // Reactivated, the customer can sign in again.
    await admin.page.getByRole('button', { name: `Reactivate ${customer.email}` }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
    await waitForToast(admin.page, 'User reactivated successfully');
    await customerRow.getByText('Active', { exact: true }).waitFor();
    await customer.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await customer.page.waitForURL(/\/dashboard/);
    await customer.page.getByRole('button', { name: 'Notifications' }).waitFor();

    // A message to the customer alone (Selected Users) arrives in their bell, unread.
    await admin.page.getByRole('button', { name: 'Send Message' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Send Message to Users' });
    await dialog.getByRole('radio', { name: 'Selected Users' }).click();
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByText('Please select at least one recipient').waitFor();
    await dialog.getByText('Please enter a title').waitFor();
    // The filter asks the server, so users older than the 500 listed can be found too.
    const searched = admin.page.waitForRequest((request) => request.url().includes('/api/admin/notifications/recipients') && request.url().includes('search='));
    await dialog.getByLabel('Choose recipients').fill(customer.email);
    await searched;
    await dialog.getByRole('checkbox', { name: customer.email }).click();
    await dialog.getByLabel('Title', { exact: true }).fill('Scheduled maintenance');
    await dialog.getByLabel('Message', { exact: true }).fill('Parley will be unavailable on Sunday from 02:00 to 03:00 UTC.');
    await dialog.getByLabel('Priority').click();
    await admin.page.getByRole('option', { name: 'Warning' }).click();
    await dialog.getByText('Will send to 1 users').waitFor();
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await waitForToast(admin.page, 'Message sent to 1 user(s)');
    await dialog.waitFor({ state: 'hidden' });

    await customer.page.reload();
    const unread = customer.page.getByTestId('notification-unread-count');
    await unread.waitFor();
    expect(await unread.textContent()).toBe('1');
    await customer.page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const list = customer.page.getByTestId('notification-list');
    await list.getByText('Scheduled maintenance').waitFor();
    await list.getByText('Parley will be unavailable on Sunday from 02:00 to 03:00 UTC.').waitFor();
    await screenshot(customer.page, 'customer-notification-bell', { fullPage: false });
    await list.getByRole('button', { name: 'Unread: Scheduled maintenance' }).click();
    await unread.waitFor({ state: 'detached' });
    // The bell clears at once; the server's mark-read may still be on its way.
    type Notifications = { unread: number; items: { title: string; type: string }[] };
    const readNotifications = async () => (await (await customer.page.request.get(`${server.url}/api/notifications`)).json()) as Notifications;
    await expect.poll(async () => (await readNotifications()).unread).toBe(0);
    const notifications = await readNotifications();
    expect(notifications.items.find((n) => n.title === 'Scheduled maintenance')?.type).toBe('warning');

    // Every change above is in the activity log.
    await admin.page.getByRole('link', { name: 'Admin Users' }).click();
    await admin.page.goto(`${server.url}/admin/activity`);
    for (const action of ['bulk_notification_sent', 'user_reactivated', 'user_deactivated', 'admin_user_created']) {
      await admin.page.getByTestId('activity-row').filter({ hasText: action }).first().waitFor();
    }
    // Visits of the dashboard are not activity (they buried the changes).
    expect(await admin.page.getByTestId('activity-row').filter({ hasText: 'admin_dashboard_view' }).count()).toBe(0);
    await docsScreenshots(admin.page, 'activity-logs', 1000, async () => {
      await admin.page.getByTestId('activity-row').first().waitFor();
    });

    // Redirects under /admin; every screen of the route table is built (payment-provider testing the last of them).
    await admin.page.goto(`${server.url}/admin/system-api-keys`);
    await admin.page.waitForURL(/\/admin\/system-configuration$/);
    await admin.page.getByRole('tab', { name: 'Document Processing' }).waitFor();
    // The processing limit holds across every worker node (decisions/0026-background-jobs.md), and the screen says so.
    await admin.page.getByText('Documents processed at the same time by all servers together.').scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'admin-system-configuration-processing');
    // No OpenAI key and no OpenAI-compatible embedder: the alert says what happens instead of "will fail".
    await admin.page.getByRole('tab', { name: 'API Keys' }).click();
    await admin.page.getByText('No OpenAI API key configured', { exact: true }).waitFor();
    await admin.page.getByText(/New chatbots use the built-in local embedder/).waitFor();
    await screenshot(admin.page, 'admin-system-configuration-api-keys');
    await admin.page.goto(`${server.url}/admin/billing`);
    await admin.page.getByRole('heading', { name: 'Payment-provider Integration Testing' }).waitFor();
    await admin.page.goto(`${server.url}/admin/no-such-page/deeper`);
    await admin.page.waitForURL((url) => url.pathname === '/admin');

    // Without development mode the debug console's test-admin tool is refused, and says why.
    await admin.page.goto(`${server.url}/admin/debug`);
    await admin.page.getByRole('button', { name: 'Create Test Admin' }).click();
    await admin.page.getByText('Please enter email and password').waitFor();
    await admin.page.getByLabel('Email').fill('tester@example.com');
    await admin.page.getByLabel('Password').fill(PASSWORD);
    await admin.page.getByRole('button', { name: 'Create Test Admin' }).click();
    await admin.page.getByText('Sign up error: The test-admin tool is available only when the server runs in development mode.').waitFor();
    await admin.page.getByLabel('Email').fill('not-an-address');
    await admin.page.getByRole('button', { name: 'Create Test Admin' }).click();
    await admin.page.getByText('Sign up error: Enter a valid e-mail address').waitFor();

    // The session cannot be read (the network fails): the console says so, not that the account has no admin record,
    // and Try Again lets the admin in once the network is back.
    await admin.page.route('**/api/me', (route) => route.abort('connectionrefused'));
    await admin.page.goto(`${server.url}/admin`);
    await denied.getByText(/Verification failed: /).waitFor();
    expect(await denied.getByText('No active admin record for this account').count()).toBe(0);
    await admin.page.unroute('**/api/me');
    await denied.getByRole('button', { name: 'Try Again' }).click();
    await admin.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // Admin sign-out records admin_logout and goes to the landing page.
    await admin.page.getByRole('button', { name: 'Open admin menu' }).click();
    await admin.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/');
    await waitForToast(admin.page, 'Signed out successfully');
    const recent = (await (await support.page.request.get(`${server.url}/api/admin/activity/recent`)).json()) as { items: { action: string }[] };
    expect(recent.items[0]?.action).toBe('admin_logout');

    await Promise.all([admin.context.close(), support.context.close(), customer.context.close()]);
  }, 240_000);

  test('sends signed-out visitors to /auth, and offers no bootstrap once an admin exists', async ({ newContext }) => {
    const { server } = own;
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(/\/auth$/);

    const admin = await signUpAndConfirm(await newContext(newWindow), server, { firstName: 'Grace', lastName: 'Hopper' });
    // An admin exists already (the first test): this user is refused and is not offered the bootstrap.
    await admin.page.goto(`${server.url}/admin`);
    await admin.page.getByTestId('access-denied').waitFor();
    expect(await admin.page.getByRole('button', { name: 'Make me admin (bootstrap)' }).count()).toBe(0);
    await Promise.all([context.close(), admin.context.close()]);
  });
});
