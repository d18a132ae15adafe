import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminUsers, profiles, sessions } from '../db/schema/index';
import { createAdmin } from '../test/admin';
import { createSignedInUser, describeEachDatabase } from '../test/harness';
import { readSession, type SessionSettings } from './session-read';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('session read (one query per request)', (ctx) => {
  /** The session the cookie names (sign-up's confirmation link signed the user in too: there are two). */
  const sessionOf = async (cookie: string) => {
    const signed = decodeURIComponent(cookie.split('=')[1]!);
    const [row] = await ctx()
      .database.db.select()
      .from(sessions)
      .where(eq(sessions.token, signed.slice(0, signed.lastIndexOf('.'))));
    return row!;
  };
  const get = (url: string, cookie: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie } });

  it('reads a live session in one query and leaves the rest to Better Auth', async () => {
    const admin = await createAdmin(ctx(), 'developer');
    const session = await sessionOf(admin.cookie);
    const settings: SessionSettings = { cookieName: 'sid', secret: 'a test secret', expiresIn: 7 * 86_400, updateAge: 86_400 };
    const signature = createHmac('sha256', settings.secret).update(session.token).digest('base64');
    const cookie = `other=1; sid=${encodeURIComponent(`${session.token}.${signature}`)}`;
    const { db } = ctx().database;

    expect(await readSession(db, settings, cookie)).toEqual({
      kind: 'found',
      identity: {
        user: { id: admin.userId, email: admin.email, name: 'Ada Lovelace', emailVerified: true },
        session: { id: session.id, token: session.token, expiresAt: session.expiresAt },
        active: true,
        admin: { id: admin.adminId, role: 'developer' },
      },
    });
    expect(await readSession(db, { ...settings, secret: 'another secret' }, cookie)).toEqual({ kind: 'none' });
    expect(await readSession(db, settings, `sid=${session.token}`)).toEqual({ kind: 'none' });
    expect(await readSession(db, settings, undefined)).toEqual({ kind: 'none' });
    // With no time between renewals every session is due for one, which Better Auth does.
    expect(await readSession(db, { ...settings, updateAge: 0 }, cookie)).toEqual({ kind: 'better-auth' });
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, session.id));
    expect(await readSession(db, settings, cookie)).toEqual({ kind: 'better-auth' });
  });

  it('finds the session, the user and the admin role; a changed role or deactivation counts on the next request', async () => {
    const admin = await createAdmin(ctx(), 'support');
    const me = await get('/api/me', admin.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: admin.userId, email: admin.email } });
    expect((await get('/api/admin/stats', admin.cookie)).statusCode).toBe(200);
    // support may not read the activity log (system_admin): the role came from the same read.
    expect((await get('/api/admin/activity', admin.cookie)).statusCode).toBe(403);

    await ctx().database.db.update(adminUsers).set({ role: 'system_admin' }).where(eq(adminUsers.userId, admin.userId));
    expect((await get('/api/admin/activity', admin.cookie)).statusCode).toBe(200);
    await ctx().database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.userId, admin.userId));
    expect((await get('/api/admin/stats', admin.cookie)).statusCode).toBe(403);

    await ctx().database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, admin.userId));
    expect((await get('/api/me', admin.cookie)).statusCode).toBe(401);
    expect(await ctx().database.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toEqual([]);
  });

  it('refuses a cookie whose signature does not match, or a token no session has', async () => {
    const user = await createSignedInUser(ctx());
    const [name, value] = user.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const signature = decoded.slice(decoded.lastIndexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await get('/api/me', `${name}=${encodeURIComponent(`${token}.${flipped}`)}`)).statusCode).toBe(401);
    expect((await get('/api/me', `${name}=${encodeURIComponent(`${token}x.${signature}`)}`)).statusCode).toBe(401);
    expect((await get('/api/me', `${name}=${token}`)).statusCode).toBe(401);
    expect((await get('/api/me', user.cookie)).statusCode).toBe(200);

    await ctx().database.db.delete(sessions).where(eq(sessions.userId, user.userId));
    expect((await get('/api/me', user.cookie)).statusCode).toBe(401);
  });

  it('leaves renewal to Better Auth: a session a day old is extended by a week', async () => {
    const user = await createSignedInUser(ctx());
    const session = await sessionOf(user.cookie);
    const oldExpiry = new Date(Date.now() + 7 * DAY - DAY - 60_000);
    await ctx().database.db.update(sessions).set({ expiresAt: oldExpiry }).where(eq(sessions.id, session.id));
    expect((await get('/api/me', user.cookie)).statusCode).toBe(200);
    const renewed = await sessionOf(user.cookie);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
  });

  it('leaves expiry to Better Auth: an expired session is refused and deleted', async () => {
    const user = await createSignedInUser(ctx());
    const session = await sessionOf(user.cookie);
    await ctx()
      .database.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await get('/api/me', user.cookie)).statusCode).toBe(401);
    expect(await ctx().database.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });
});
