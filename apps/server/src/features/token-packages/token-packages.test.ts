import { TOKEN_PACKAGE_MESSAGES } from '@parley/shared/contracts/token-packages';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, tokenPackages } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('token packages', (ctx) => {
  it('adds, lists by size, edits and deletes packages, each logged', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const empty = await c.app.inject({ method: 'GET', url: '/api/admin/token-packages', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [] });

    const large = await c.app.inject({
      method: 'POST',
      url: '/api/admin/token-packages',
      headers,
      payload: { name: '  Large  ', tokens: 100_000, priceCents: 4900, isActive: true },
    });
    expect(large.statusCode).toBe(201);
    expect(large.json()).toMatchObject({ name: 'Large', tokens: 100_000, priceCents: 4900, isActive: true });
    const small = await c.app.inject({
      method: 'POST',
      url: '/api/admin/token-packages',
      headers,
      payload: { name: 'New Package', tokens: 1000, priceCents: 999 },
    });
    expect(small.json()).toMatchObject({ isActive: true });
    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/token-packages', headers })).json() as { items: { name: string }[] };
    expect(list.items.map((p) => p.name)).toEqual(['New Package', 'Large']);

    const id = large.json().id as string;
    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/token-packages/${id}`,
      headers,
      payload: { name: 'Huge', tokens: 500, priceCents: 0, isActive: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, name: 'Huge', tokens: 500, priceCents: 0, isActive: false });
    const reordered = (await c.app.inject({ method: 'GET', url: '/api/admin/token-packages', headers })).json() as { items: { name: string }[] };
    expect(reordered.items.map((p) => p.name)).toEqual(['Huge', 'New Package']);

    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/token-packages/${id}`, headers })).json()).toEqual({ ok: true });
    expect(await c.database.db.select().from(tokenPackages).where(eq(tokenPackages.id, id))).toHaveLength(0);
    const again = await c.app.inject({ method: 'DELETE', url: `/api/admin/token-packages/${id}`, headers });
    expect(again.statusCode).toBe(404);
    const missing = await c.app.inject({ method: 'PUT', url: `/api/admin/token-packages/${id}`, headers, payload: { name: 'X', tokens: 1, priceCents: 0 } });
    expect(missing.statusCode).toBe(404);

    const actions = (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, id))).map((row) => row.action);
    expect(actions.sort()).toEqual(['token_package_created', 'token_package_deleted', 'token_package_updated']);
  });

  it('refuses bad packages with a clear message and changes nothing', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const before = (await c.database.db.select().from(tokenPackages)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', tokens: 1000, priceCents: 999 }, TOKEN_PACKAGE_MESSAGES.nameRequired],
      [{ tokens: 1000, priceCents: 999 }, TOKEN_PACKAGE_MESSAGES.nameRequired],
      [{ name: 'Zero', tokens: 0, priceCents: 999 }, TOKEN_PACKAGE_MESSAGES.sizeInvalid],
      [{ name: 'Fraction', tokens: 10.5, priceCents: 999 }, TOKEN_PACKAGE_MESSAGES.sizeInvalid],
      [{ name: 'Text', tokens: '1000', priceCents: 999 }, TOKEN_PACKAGE_MESSAGES.sizeInvalid],
      [{ name: 'Negative', tokens: 1000, priceCents: -1 }, TOKEN_PACKAGE_MESSAGES.priceInvalid],
      [{ name: 'Cents', tokens: 1000, priceCents: 9.99 }, TOKEN_PACKAGE_MESSAGES.priceInvalid],
      [{ name: 'x'.repeat(101), tokens: 1000, priceCents: 999 }, 'Package name must be at most 100 characters'],
      [{ name: 'Too big', tokens: 2_000_000_000, priceCents: 999 }, 'Package size must be at most 1,000,000,000'],
    ];
    for (const [payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/token-packages', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const bad = await c.app.inject({ method: 'PUT', url: '/api/admin/token-packages/not-a-uuid', headers, payload: { name: 'A', tokens: 1, priceCents: 1 } });
    expect(bad.statusCode).toBe(400);
    expect((await c.database.db.select().from(tokenPackages)).length).toBe(before);
  });

  it('is for system admins only', async () => {
    const c = ctx();
    const developer = await createAdmin(c, 'developer');
    const response = await c.app.inject({
      method: 'POST',
      url: '/api/admin/token-packages',
      headers: { cookie: developer.cookie },
      payload: { name: 'Sneaky', tokens: 1, priceCents: 0 },
    });
    expect(response.statusCode).toBe(403);
  });
});
