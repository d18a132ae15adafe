import { ACTIVITY_EXPORT_BATCH, ACTIVITY_EXPORT_TOTAL_HEADER } from '@parley/shared/contracts/activity-logs';
import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { adminActivityLogs } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { ACTIVITY_CSV_HEADER } from './export';

type Entry = {
  id: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  adminUserId: string | null;
  adminEmail: string | null;
  createdAt: string;
};

const get = (c: TestContext, url: string, cookie: string) => c.app.inject({ method: 'GET', url, headers: { cookie } });

/** Parses the CSV the export writes (no field of these tests holds a line break). */
function csvLines(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let rest = line;
      while (rest.length > 0 || cells.length === 0) {
        if (rest.startsWith('"')) {
          const match = /^"((?:[^"]|"")*)"(,|$)/.exec(rest)!;
          cells.push(match[1]!.replace(/""/g, '"'));
          rest = rest.slice(match[0].length);
          if (!match[2]) break;
        } else {
          const comma = rest.indexOf(',');
          cells.push(comma === -1 ? rest : rest.slice(0, comma));
          if (comma === -1) break;
          rest = rest.slice(comma + 1);
          if (rest === '') cells.push('');
        }
      }
      return cells;
    });
}

describeEachDatabase('activity log: paging, filters, export', (ctx) => {
  /** A marker action of this test's own, so entries other tests wrote never count. */
  const tag = () => `t${randomUUID().slice(0, 8)}`;

  it('pages through the entries the filters match, newest first, and the cards describe all of them', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const other = await createAdmin(c, 'system_admin');
    const run = tag();
    const base = Date.now() - 10 * 24 * 60 * 60 * 1000;
    // 30 entries: every third by the other admin, every fifth by the system, one a minute over ten days ago; the last
    // five within the last day.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      action: i % 2 === 0 ? `${run}_updated` : `${run}_deleted`,
      resourceType: i % 3 === 0 ? `${run}_plan` : `${run}_user`,
      resourceId: i === 7 ? 'abcdef12-0000-4000-8000-000000000007' : randomUUID(),
      adminUserId: i % 5 === 0 ? null : i % 3 === 0 ? other.userId : boss.userId,
      details: { n: i },
      createdAt: i >= 25 ? new Date(Date.now() - (30 - i) * 60_000) : new Date(base + i * 60_000),
    }));
    await c.database.db.insert(adminActivityLogs).values(rows);
    const list = async (query: string) => {
      const response = await get(c, `/api/admin/activity?${query}`, boss.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        items: Entry[];
        total: number;
        page: number;
        pageSize: number;
        summary: { total: number; recent24h: number; distinctAdmins: number };
      };
    };

    const updated = await list(`action=${run}_updated&pageSize=10`);
    expect(updated).toMatchObject({ total: 15, page: 1, pageSize: 10 });
    expect(updated.items).toHaveLength(10);
    const second = await list(`action=${run}_updated&pageSize=10&page=2`);
    expect(second.items).toHaveLength(5);
    const all = [...updated.items, ...second.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(15);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((e) => e.action === `${run}_updated`)).toBe(true);
    // The cards describe everything the filters match, not the page.
    const expectedUpdated = rows.filter((r) => r.action === `${run}_updated`);
    expect(updated.summary).toEqual({
      total: 15,
      recent24h: expectedUpdated.filter((r) => r.createdAt.getTime() > Date.now() - 24 * 60 * 60 * 1000).length,
      distinctAdmins: new Set(expectedUpdated.map((r) => r.adminUserId).filter(Boolean)).size,
    });
    expect(second.summary).toEqual(updated.summary);

    // By admin (with the admin's e-mail on each entry), by the system, by resource, by date.
    const byOther = await list(`actor=${other.userId}&resourceType=${run}_plan`);
    expect(byOther.total).toBe(rows.filter((r) => r.adminUserId === other.userId && r.resourceType === `${run}_plan`).length);
    expect(byOther.items.every((e) => e.adminUserId === other.userId && e.adminEmail === other.email)).toBe(true);
    const bySystem = await list(`actor=system&action=${run}_deleted`);
    expect(bySystem.total).toBe(rows.filter((r) => r.adminUserId === null && r.action === `${run}_deleted`).length);
    expect(bySystem.items.every((e) => e.adminUserId === null && e.adminEmail === null)).toBe(true);
    const byResource = await list(`resourceId=ABCDEF12`);
    expect(byResource.items.map((e) => e.resourceId)).toEqual(['abcdef12-0000-4000-8000-000000000007']);
    expect((await list(`resourceId=${encodeURIComponent('%')}&resourceType=${run}_user`)).total).toBe(0);
    const from = new Date(base + 10 * 60_000).toISOString();
    const to = new Date(base + 20 * 60_000).toISOString();
    const window = await list(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&resourceType=${run}_user`);
    expect(window.total).toBe(
      rows.filter((r) => r.resourceType === `${run}_user` && r.createdAt.getTime() >= base + 10 * 60_000 && r.createdAt.getTime() < base + 20 * 60_000).length,
    );
    // Empty filter values (a cleared box) filter nothing.
    expect((await list(`action=${run}_updated&actor=&resourceType=&from=&to=`)).total).toBe(15);
  });

  it('refuses bad filters with a 400 that says what is wrong', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const cases: [string, RegExp][] = [
      ['actor=someone', /actor must be an admin's user id or "system"/],
      ['from=yesterday', /from must be a date and time/],
      [`from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`, /"from" must be before "to"/],
      ['pageSize=101', /pageSize must be at most 100/],
      ['page=0', /page must be 1 or more/],
      [`action=${'x'.repeat(101)}`, /action must be at most 100 characters/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/activity', '/api/admin/activity/export']) {
        if (path.endsWith('export') && query.startsWith('page')) continue;
        const response = await get(c, `${path}?${query}`, boss.cookie);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    }
  });

  it('offers the actions, resource types and admins the log holds as filter values', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const run = tag();
    await c.database.db.insert(adminActivityLogs).values([
      { action: `${run}_a`, resourceType: `${run}_r`, adminUserId: boss.userId },
      { action: `${run}_b`, resourceType: `${run}_r`, adminUserId: null },
    ]);
    const options = (await get(c, '/api/admin/activity/filters', boss.cookie)).json() as {
      actions: string[];
      resourceTypes: string[];
      actors: { id: string; email: string | null }[];
    };
    expect(options.actions).toEqual(expect.arrayContaining([`${run}_a`, `${run}_b`]));
    expect(options.resourceTypes.filter((t) => t === `${run}_r`)).toHaveLength(1);
    expect(options.actors).toContainEqual({ id: boss.userId, email: boss.email });
    expect(options.actors.every((a) => a.id)).toBe(true);
  });

  it('exports every matching entry as CSV, batch after batch, with the count first', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const run = tag();
    // More than two batches, all written in the same instant: the paging must neither skip nor repeat ties.
    const at = new Date(Date.now() - 60_000);
    const total = ACTIVITY_EXPORT_BATCH * 2 + 300;
    const rows = Array.from({ length: total }, (_, i) => ({
      action: `${run}_export`,
      resourceType: 'plan',
      resourceId: `r${i}`,
      adminUserId: boss.userId,
      details: { index: i, note: i === 0 ? '=HYPERLINK("http://evil")' : 'plain, with "quotes"' },
      userAgent: 'agent/1.0',
      ipAddress: '203.0.113.9',
      createdAt: at,
    }));
    for (let i = 0; i < rows.length; i += 500) await c.database.db.insert(adminActivityLogs).values(rows.slice(i, i + 500));

    const response = await get(c, `/api/admin/activity/export?action=${run}_export`, boss.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="parley-activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers[ACTIVITY_EXPORT_TOTAL_HEADER]).toBe(String(total));
    const [header, ...lines] = csvLines(response.body);
    expect(header).toEqual(ACTIVITY_CSV_HEADER);
    expect(lines).toHaveLength(total);
    const ids = lines.map((line) => line[3]);
    expect(new Set(ids).size).toBe(total);
    const first = lines.find((line) => line[3] === 'r0')!;
    expect(first.slice(0, 8)).toEqual([at.toISOString(), `${run}_export`, 'plan', 'r0', boss.userId, boss.email, '203.0.113.9', 'agent/1.0']);
    // Details as JSON without the user agent; nothing a spreadsheet would run as a formula.
    expect(JSON.parse(first[8]!)).toEqual({ index: 0, note: '=HYPERLINK("http://evil")' });
    expect(response.body.split('\r\n').some((line) => /^[=+\-@]/.test(line))).toBe(false);

    // Filters apply to the export as to the list; nothing matching is a header alone.
    const none = await get(c, `/api/admin/activity/export?action=${run}_export&actor=system`, boss.cookie);
    expect(none.headers[ACTIVITY_EXPORT_TOTAL_HEADER]).toBe('0');
    expect(csvLines(none.body)).toEqual([ACTIVITY_CSV_HEADER]);
  });

  it('is for system admins only: support and developers are refused every activity-log route', async () => {
    const c = ctx();
    for (const role of ['support', 'developer'] as const) {
      const admin = await createAdmin(c, role);
      for (const path of ['/api/admin/activity', '/api/admin/activity/filters', '/api/admin/activity/export']) {
        const response = await get(c, path, admin.cookie);
        expect(response.statusCode, `${role} ${path}`).toBe(403);
        expect(response.json().message).toBe('You need system_admin role to access this feature.');
      }
    }
  });

  it('does not record page views: the dashboard view is refused and writes nothing; sign-out is still recorded', async () => {
    const c = ctx();
    const support = await createAdmin(c, 'support');
    const countOf = async (action: string) =>
      Number((await c.database.db.select({ n: count() }).from(adminActivityLogs).where(eq(adminActivityLogs.action, action)))[0]?.n ?? 0);
    const before = await countOf('admin_dashboard_view');
    const view = await c.app.inject({
      method: 'POST',
      url: '/api/admin/activity',
      headers: { cookie: support.cookie },
      payload: { action: 'admin_dashboard_view', resourceType: 'admin_panel', metadata: { page: 'dashboard' } },
    });
    expect(view.statusCode).toBe(400);
    expect(await countOf('admin_dashboard_view')).toBe(before);
    const logout = await c.app.inject({ method: 'POST', url: '/api/admin/activity', headers: { cookie: support.cookie }, payload: { action: 'admin_logout' } });
    expect(logout.statusCode).toBe(200);
    const recent = (await get(c, '/api/admin/activity/recent', support.cookie)).json() as { items: Entry[] };
    expect(recent.items[0]).toMatchObject({ action: 'admin_logout', adminUserId: support.userId });
  });
});
