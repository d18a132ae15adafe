import { USER_SEARCH_MAX } from '@parley/shared/contracts/users';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, sessions } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, signIn, uniqueEmail } from '../../test/harness';

describeEachDatabase('user management', (ctx) => {
  it('lists users newest first with search on e-mail or name and a status filter, paginated', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const marker = `zq${Date.now().toString(36)}`;
    const a = await createSignedInUser(c, uniqueEmail(`${marker}-a`));
    const b = await createSignedInUser(c, uniqueEmail(`${marker}-b`));
    const headers = { cookie: boss.cookie };

    const found = await c.app.inject({ method: 'GET', url: `/api/admin/users?search=${marker.toUpperCase()}`, headers });
    expect(found.json().items.map((u: { id: string }) => u.id)).toEqual([b.userId, a.userId]);
    const byName = await c.app.inject({ method: 'GET', url: '/api/admin/users?search=ada%20love', headers });
    expect(byName.json().total).toBeGreaterThan(1);

    const pageOne = await c.app.inject({ method: 'GET', url: '/api/admin/users?pageSize=1&page=1', headers });
    const pageTwo = await c.app.inject({ method: 'GET', url: '/api/admin/users?pageSize=1&page=2', headers });
    expect(pageOne.json().items).toHaveLength(1);
    expect(pageOne.json().items[0].id).not.toBe(pageTwo.json().items[0].id);
    expect(pageOne.json().total).toBeGreaterThan(1);

    const stats = await c.app.inject({ method: 'GET', url: '/api/admin/users/stats', headers });
    expect(stats.json()).toMatchObject({ total_users: pageOne.json().total, total_chatbots: expect.any(Number) });
    expect(stats.json().new_users_this_month).toBeGreaterThanOrEqual(2);
  });

  it('deactivation signs the user out at once and blocks sign-in; reactivation lets them back; both are logged', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const customer = await createSignedInUser(c);
    const headers = { cookie: boss.cookie };

    const viewed = await c.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}`, headers });
    expect(viewed.json()).toMatchObject({ id: customer.userId, isActive: true });

    const off = await c.app.inject({ method: 'POST', url: `/api/admin/users/${customer.userId}/deactivate`, headers });
    expect(off.json().isActive).toBe(false);
    expect(await c.database.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toHaveLength(0);
    expect((await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } })).statusCode).toBe(401);
    expect((await signIn(c.app, customer.email, undefined, '10.77.0.1')).json().code).toBe('ACCOUNT_DEACTIVATED');

    const filtered = await c.app.inject({ method: 'GET', url: '/api/admin/users?status=deactivated', headers });
    expect(filtered.json().items.map((u: { id: string }) => u.id)).toContain(customer.userId);

    const on = await c.app.inject({ method: 'POST', url: `/api/admin/users/${customer.userId}/reactivate`, headers });
    expect(on.json().isActive).toBe(true);
    expect((await signIn(c.app, customer.email, undefined, '10.77.0.2')).statusCode).toBe(200);

    const actions = (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, customer.userId))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user_viewed', 'user_deactivated', 'user_reactivated']));
  });

  it('an admin cannot deactivate their own account', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const response = await c.app.inject({ method: 'POST', url: `/api/admin/users/${boss.userId}/deactivate`, headers: { cookie: boss.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot deactivate your own account');
  });

  it('bad input: invalid ids and filters are 400', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const headers = { cookie: boss.cookie };
    for (const url of [
      '/api/admin/users/123/deactivate',
      '/api/admin/users/abc',
      '/api/admin/users?status=sleeping',
      '/api/admin/users?pageSize=1000',
      '/api/admin/users?page=0',
      // The search box stops at USER_SEARCH_MAX; a longer one typed elsewhere is refused, not a 500.
      `/api/admin/users?search=${'a'.repeat(USER_SEARCH_MAX + 1)}`,
    ]) {
      const response = await c.app.inject({ method: url.endsWith('deactivate') ? 'POST' : 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await c.app.inject({ method: 'POST', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate', headers })).statusCode).toBe(404);
  });
});
