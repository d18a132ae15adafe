import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, userNotifications } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const notificationCount = async (c: TestContext) => Number((await c.database.db.select({ n: count() }).from(userNotifications))[0]?.n ?? 0);

describeEachDatabase('messages to users and the notification bell', (ctx) => {
  it('sends one notification per selected recipient; the recipient sees it, unread, and can mark it read', async () => {
    const c = ctx();
    const support = await createAdmin(c, 'support');
    const customer = await createSignedInUser(c);
    const response = await c.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: support.cookie },
      payload: {
        recipients: 'selected',
        userIds: [customer.userId, customer.userId],
        title: 'Maintenance',
        message: 'We upgrade tonight.',
        priority: 'warning',
        link: 'https://status.example.com',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ sent: 1 });

    const bell = await c.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: customer.cookie } });
    expect(bell.json().unread).toBe(1);
    expect(bell.json().items[0]).toMatchObject({
      title: 'Maintenance',
      message: 'We upgrade tonight.',
      type: 'warning',
      link: 'https://status.example.com',
      isRead: false,
    });
    const id = bell.json().items[0].id as string;
    expect((await c.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    expect((await c.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: customer.cookie } })).json().unread).toBe(0);

    // Someone else's notification cannot be touched.
    const other = await createSignedInUser(c);
    expect((await c.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const [entry] = await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'bulk_notification_sent'));
    expect(entry?.details).toMatchObject({ count: 1, recipients: 'selected' });
  });

  it('All Active Users are the active users signed in within 30 days; All Users is everyone', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const active = await c.app.inject({ method: 'GET', url: '/api/admin/notifications/recipients?mode=active', headers: { cookie: boss.cookie } });
    const all = await c.app.inject({ method: 'GET', url: '/api/admin/notifications/recipients?mode=all', headers: { cookie: boss.cookie } });
    expect(active.json().count).toBeGreaterThan(0);
    expect(all.json().count).toBeGreaterThanOrEqual(active.json().count);
    const narrowed = await c.app.inject({
      method: 'GET',
      url: `/api/admin/notifications/recipients?mode=all&search=${encodeURIComponent(boss.email)}`,
      headers: { cookie: boss.cookie },
    });
    expect(narrowed.json().items.map((r: { email: string }) => r.email)).toEqual([boss.email]);
    expect(narrowed.json().count).toBe(all.json().count);
    const before = await notificationCount(c);
    const sent = await c.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: boss.cookie },
      payload: { recipients: 'all', title: 'Hello', message: 'Everyone' },
    });
    expect(sent.json().sent).toBe(all.json().count);
    expect(await notificationCount(c)).toBe(before + all.json().count);
  });

  it.each([
    [{ recipients: 'all', title: '', message: 'x' }, 'Please enter a title'],
    [{ recipients: 'all', title: 'x'.repeat(101), message: 'x' }, 'at most 100'],
    [{ recipients: 'all', title: 'x', message: '  ' }, 'Please enter a message'],
    [{ recipients: 'all', title: 'x', message: 'y'.repeat(501) }, 'at most 500'],
    [{ recipients: 'selected', userIds: [], title: 'x', message: 'y' }, 'Please select at least one recipient'],
    [{ recipients: 'all', title: 'x', message: 'y', link: 'not a url' }, 'Link must be a URL'],
    [{ recipients: 'all', title: 'x', message: 'y', priority: 'critical' }, 'priority'],
    [{ recipients: 'selected', userIds: ['nope'], title: 'x', message: 'y' }, 'UUID'],
    [{ recipients: 'selected', userIds: ['00000000-0000-4000-8000-000000000000'], title: 'x', message: 'y' }, 'No recipients selected'],
  ])('bad input %o → 400 "%s", nothing written', async (payload, message) => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const before = await notificationCount(c);
    const response = await c.app.inject({ method: 'POST', url: '/api/admin/notifications', headers: { cookie: boss.cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await notificationCount(c)).toBe(before);
  });
});
