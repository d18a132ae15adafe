import { extractLinks } from '@parley/shared/contracts/email-outbox';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, emailOutbox, users } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, signUp, uniqueEmail, type TestContext } from '../../test/harness';

type Listed = { id: string; toAddress: string; subject: string; status: string; kind: string; resentAt: string | null };

const get = (c: TestContext, url: string, cookie: string) => c.app.inject({ method: 'GET', url, headers: { cookie } });
const resend = (c: TestContext, id: string, cookie: string) =>
  c.app.inject({ method: 'POST', url: `/api/admin/email-outbox/${id}/resend`, headers: { cookie } });

describeEachDatabase('e-mail outbox', (ctx) => {
  it('a system admin finds a new sign-up’s confirmation e-mail, reads its link, and the link confirms the address', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const email = uniqueEmail('outbox');
    expect((await signUp(c.app, email)).statusCode).toBe(200);

    const found = await get(c, `/api/admin/email-outbox?search=${encodeURIComponent(email.toUpperCase())}`, boss.cookie);
    expect(found.statusCode).toBe(200);
    const page = found.json() as { items: Listed[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ toAddress: email, kind: 'email_verification', subject: 'Confirm your e-mail address for Parley', status: 'logged' });
    // The list carries no content.
    expect(Object.keys(page.items[0]!)).not.toContain('textBody');

    const detail = await get(c, `/api/admin/email-outbox/${page.items[0]!.id}`, boss.cookie);
    expect(detail.statusCode).toBe(200);
    const { links, textBody } = detail.json() as { links: string[]; textBody: string };
    expect(textBody).toContain('Confirm your e-mail address');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
    // Reading it is recorded: its links confirm an address.
    const [viewed] = await c.database.db
      .select()
      .from(adminActivityLogs)
      .where(and(eq(adminActivityLogs.action, 'email_viewed'), eq(adminActivityLogs.resourceId, page.items[0]!.id)));
    expect(viewed).toMatchObject({ adminUserId: boss.userId, resourceType: 'email', details: expect.objectContaining({ to: email }) });

    const url = new URL(links[0]!);
    const followed = await c.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(followed.statusCode).toBeLessThan(400);
    const [user] = await c.database.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it('pages, filters by status, and refuses bad queries with a 400', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const marker = uniqueEmail('paged').split('@')[0]!;
    await c.database.db.insert(emailOutbox).values(
      Array.from({ length: 5 }, (_, i) => ({
        kind: 'test',
        toAddress: `${marker}-${i}@example.com`,
        subject: `Paged ${i}`,
        textBody: 'Hello',
        status: i === 4 ? ('failed' as const) : ('sent' as const),
        createdAt: new Date(Date.now() - (5 - i) * 1000),
      })),
    );
    const list = async (query: string) =>
      (await get(c, `/api/admin/email-outbox?search=${marker}&${query}`, boss.cookie)).json() as { items: Listed[]; total: number };
    const first = await list('pageSize=2');
    const third = await list('pageSize=2&page=3');
    expect(first.total).toBe(5);
    expect(first.items.map((m) => m.toAddress)).toEqual([`${marker}-4@example.com`, `${marker}-3@example.com`]);
    expect(third.items.map((m) => m.toAddress)).toEqual([`${marker}-0@example.com`]);
    expect((await list('status=failed')).items.map((m) => m.status)).toEqual(['failed']);
    expect((await list('status=')).total).toBe(5);
    for (const [query, message] of [
      ['status=lost', /status must be one of pending, sent, failed, logged/],
      ['pageSize=500', /pageSize must be at most 100/],
      [`search=${'a'.repeat(255)}`, /search must be at most 254 characters/],
    ] as const) {
      const response = await get(c, `/api/admin/email-outbox?${query}`, boss.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await get(c, '/api/admin/email-outbox/not-an-id', boss.cookie)).statusCode).toBe(400);
    expect((await get(c, '/api/admin/email-outbox/00000000-0000-4000-8000-000000000000', boss.cookie)).statusCode).toBe(404);
  });

  it('resend keeps the same message again (no SMTP here), records it, and refuses one still waiting', async () => {
    const c = ctx();
    const boss = await createAdmin(c, 'system_admin');
    const to = uniqueEmail('resend');
    const [stored] = await c.database.db
      .insert(emailOutbox)
      .values({ kind: 'test', toAddress: to, subject: 'Again', textBody: 'Open https://example.com/a.', status: 'failed', lastError: 'relay away' })
      .returning();
    const response = await resend(c, stored!.id, boss.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: stored!.id, status: 'logged', lastError: null, resentAt: expect.any(String) });
    const rows = await c.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Again', textBody: 'Open https://example.com/a.', status: 'logged' });
    const [entry] = await c.database.db
      .select()
      .from(adminActivityLogs)
      .where(and(eq(adminActivityLogs.action, 'email_resent'), eq(adminActivityLogs.resourceId, stored!.id)));
    expect(entry).toMatchObject({ adminUserId: boss.userId, details: expect.objectContaining({ to, outcome: 'logged' }) });

    const [waiting] = await c.database.db
      .insert(emailOutbox)
      .values({ kind: 'test', toAddress: to, subject: 'Queued', textBody: '.', status: 'pending' })
      .returning();
    const refused = await resend(c, waiting!.id, boss.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still waiting to be sent/);
    expect((await c.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, waiting!.id)))[0]?.resentAt).toBeNull();
    expect((await resend(c, '00000000-0000-4000-8000-000000000000', boss.cookie)).statusCode).toBe(404);
  });

  it('shows e-mail to system admins only', async () => {
    const c = ctx();
    const [stored] = await c.database.db
      .insert(emailOutbox)
      .values({ kind: 'test', toAddress: uniqueEmail('secret'), subject: 'S', textBody: 'T', status: 'logged' })
      .returning();
    const anonymous = await c.app.inject({ method: 'GET', url: '/api/admin/email-outbox' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['support', 'developer'] as const) {
      const admin = await createAdmin(c, role);
      for (const response of [
        await get(c, '/api/admin/email-outbox', admin.cookie),
        await get(c, `/api/admin/email-outbox/${stored!.id}`, admin.cookie),
        await resend(c, stored!.id, admin.cookie),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('You need system_admin role to access this feature.');
        expect(response.body).not.toContain('"T"');
      }
    }
  });
});

it('finds the links in an e-mail’s text, each once, without the punctuation after them', () => {
  expect(
    extractLinks(
      'Confirm: https://parley.example/api/auth/verify-email?token=a.b-c&x=1\n\nOr (https://parley.example/help). Again https://parley.example/help, ftp://no',
    ),
  ).toEqual(['https://parley.example/api/auth/verify-email?token=a.b-c&x=1', 'https://parley.example/help']);
  expect(extractLinks('No links here.')).toEqual([]);
});
