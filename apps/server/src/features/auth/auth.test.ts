import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizationMembers, organizations, profiles, securityEvents, sessions, users } from '../../db/schema/index';
import {
  confirmEmail,
  cookiesFrom,
  createSignedInUser,
  describeEachDatabase,
  latestEmailTo,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';

async function eventsFor(ctx: TestContext, eventType: string, email: string) {
  return ctx.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, eventType), eq(securityEvents.email, email)))
    .orderBy(desc(securityEvents.createdAt));
}

describeEachDatabase('auth', (ctx) => {
  it('sign-up stores the names, creates a profile and a personal organization, and sends a confirmation link', async () => {
    const email = uniqueEmail('signup');
    const response = await signUp(ctx().app, email, { firstName: ' Grace ', lastName: 'Hopper' });
    expect(response.statusCode).toBe(200);
    const { db } = ctx().database;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', emailVerified: false });
    expect(user!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ email, fullName: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', isActive: true });
    const [org] = await db
      .select({ slug: organizations.slug, role: organizationMembers.role })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(organizationMembers.userId, user!.id));
    expect(org).toEqual({ slug: `personal-${user!.id.slice(0, 8)}`, role: 'owner' });
    const message = await latestEmailTo(ctx(), email);
    expect(message?.status).toBe('logged');
    expect(message?.textBody).toContain('http://localhost:3000/api/auth/verify-email?token=');
    expect(decodeURIComponent(message!.textBody)).toContain('callbackURL=/auth/callback?type=email');
  });

  it('refuses sign-in until the e-mail is confirmed, then the link signs the user in at /auth/callback?type=email', async () => {
    const email = uniqueEmail('verify');
    await signUp(ctx().app, email);
    const early = await signIn(ctx().app, email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const confirmed = await confirmEmail(ctx(), email);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/auth/callback?type=email');
    const cookie = cookiesFrom(confirmed);
    const me = await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' });
    expect(me.json().organizations[0].role).toBe('owner');
  });

  it('a tampered confirmation link does not verify and redirects with an error', async () => {
    const email = uniqueEmail('tamper');
    await signUp(ctx().app, email);
    const response = await ctx().app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcallback%3Ftype%3Demail' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/auth\/callback\?type=email&error=/);
    const [user] = await ctx().database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(false);
  });

  it('signs in with e-mail and password and records signin_success', async () => {
    const { email, cookie, userId } = await createSignedInUser(ctx());
    const me = await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.id).toBe(userId);
    const [event] = await eventsFor(ctx(), 'signin_success', email);
    expect(event).toMatchObject({ severity: 'low', userId, details: { method: 'email' } });
  });

  it('a wrong password gets 401 with a readable message and a signin_failed event with e-mail and IP', async () => {
    const { email } = await createSignedInUser(ctx());
    const response = await signIn(ctx().app, email, 'wrong password!!', '203.0.113.7');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Incorrect e-mail or credentials.' });
    expect(response.json().message).not.toMatch(/password/i);
    const [event] = await eventsFor(ctx(), 'signin_failed', email);
    expect(event).toMatchObject({ severity: 'medium', email, ipAddress: '203.0.113.7' });
  });

  it('an unknown account gets the same 401 as a wrong password', async () => {
    const response = await signIn(ctx().app, uniqueEmail('nobody'));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('an invalid sign-up body gets 400, a signup_failed event, and creates nobody', async () => {
    const email = uniqueEmail('invalid');
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'short', name: 'X', firstName: 'X', lastName: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(await ctx().database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await eventsFor(ctx(), 'signup_failed', email)).toHaveLength(1);
  });

  it('signing up twice with one e-mail creates one account; the second answer is a new address’s, and the owner is told by e-mail', async () => {
    const email = uniqueEmail('twice');
    const first = await signUp(ctx().app, email);
    await confirmEmail(ctx(), email);
    const again = await signUp(ctx().app, email);
    // OWASP: the caller cannot tell an existing address from a new one (status and body shape alike).
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json() as object).sort()).toEqual(Object.keys(first.json() as object).sort());
    expect((again.json() as { token: unknown }).token).toBeNull();
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await ctx().database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // The owner hears of it, with the ways back in.
    await expect.poll(async () => (await latestEmailTo(ctx(), email))?.subject, { timeout: 5000 }).toBe('Someone tried to sign up with your e-mail address');
    const notice = await latestEmailTo(ctx(), email);
    expect(notice!.textBody).toContain('Sign in: http://localhost:3000/auth');
    expect(notice!.textBody).toContain('Forgot your password? http://localhost:3000/auth/forgot-password');
  });

  it('sign-out ends the session and records signout_attempt (low, method manual)', async () => {
    const { email, cookie, userId } = await createSignedInUser(ctx());
    const out = await ctx().app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: 'http://localhost:3000' } });
    expect(out.statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const [event] = await eventsFor(ctx(), 'signout_attempt', email);
    expect(event).toMatchObject({ severity: 'low', userId, details: { method: 'manual' } });
  });

  it('get-session returns the session, and nothing without a cookie', async () => {
    const { cookie, userId } = await createSignedInUser(ctx());
    const withCookie = await ctx().app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(withCookie.json().user.id).toBe(userId);
    const without = await ctx().app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(without.json()).toBeNull();
  });

  it('a deactivated user loses existing sessions at once and cannot sign in again', async () => {
    const { email, cookie, userId } = await createSignedInUser(ctx());
    const { db } = ctx().database;
    await db.update(profiles).set({ isActive: false }).where(eq(profiles.id, userId));

    expect((await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);

    const again = await signIn(ctx().app, email);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it('an idle timeout records session_timeout (medium, idle_timeout, 30 minutes) and ends the session', async () => {
    const { email, cookie, userId } = await createSignedInUser(ctx());
    const response = await ctx().app.inject({ method: 'POST', url: '/api/session/timeout', headers: { cookie }, payload: { idleDurationMinutes: 30 } });
    expect(response.statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const [event] = await eventsFor(ctx(), 'session_timeout', email);
    expect(event).toMatchObject({ severity: 'medium', userId, details: { reason: 'idle_timeout', idle_duration_minutes: 30 } });
  });

  it('records the session problems a browser reports, and refuses unknown kinds', async () => {
    const { email, cookie } = await createSignedInUser(ctx());
    for (const eventType of ['token_refresh_failed', 'session_fetch_error']) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/security-events/client',
        headers: { cookie },
        payload: { eventType, message: 'refresh failed' },
      });
      expect(response.statusCode).toBe(200);
      expect(await eventsFor(ctx(), eventType, email)).toHaveLength(1);
    }
    const bad = await ctx().app.inject({ method: 'POST', url: '/api/security-events/client', payload: { eventType: 'signin_success' } });
    expect(bad.statusCode).toBe(400);
  });

  it('limits sign-in attempts per e-mail with 429 and Retry-After', async () => {
    const { email } = await createSignedInUser(ctx());
    const statuses: number[] = [];
    // createSignedInUser made the first attempt; nine more fill the window of ten.
    for (let i = 0; i < 9; i += 1) statuses.push((await signIn(ctx().app, email, 'wrong password!!', `198.51.100.${i + 1}`)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await signIn(ctx().app, email, TEST_PASSWORD, '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('limits sign-in attempts per client IP across e-mails', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await signIn(ctx().app, uniqueEmail('ip'), 'whatever password', ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('/api/me without a session is 401', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('auth-config says e-mail sign-in is on and OAuth is off without a provider', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(response.json()).toEqual({ emailPassword: true, emailVerificationRequired: true, oauth: { enabled: false, providerId: 'oidc', name: '' } });
  });
});

describeEachDatabase(
  'client IP behind a trusted proxy',
  (ctx) => {
    it('takes the client IP from X-Forwarded-For only when the proxy is trusted', async () => {
      const email = uniqueEmail('proxy');
      await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.23' },
        payload: { email, password: 'nope nope nope' },
      });
      const [event] = await ctx()
        .database.db.select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'signin_failed'), eq(securityEvents.email, email)));
      expect(event?.ipAddress).toBe('198.51.100.23');

      const other = uniqueEmail('spoof');
      await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': '10.9.9.9' },
        payload: { email: other, password: 'nope nope nope' },
      });
      const [spoofed] = await ctx()
        .database.db.select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'signin_failed'), eq(securityEvents.email, other)));
      expect(spoofed?.ipAddress).toBe('203.0.113.50');
    });
  },
  { TRUSTED_PROXY: '127.0.0.1' },
);
