import { MESSAGES } from '@parley/shared/messages';
import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailOutbox, profiles, securityEvents, sessions, verifications } from '../../db/schema/index';
import { cookiesFrom, createSignedInUser, describeEachDatabase, signIn, TEST_PASSWORD, uniqueEmail, type TestContext } from '../../test/harness';

const NEW_PASSWORD = 'a brand new secret 42';
const ORIGIN = { origin: 'http://localhost:3000' };

/** A fresh client address per call, so one test's requests never spend another's per-IP budget. */
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `172.16.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function requestReset(c: TestContext, email: string, ip = freshIp()) {
  return c.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: ORIGIN, remoteAddress: ip, payload: { email } });
}

function resetPassword(c: TestContext, token: string, newPassword = NEW_PASSWORD) {
  return c.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: ORIGIN, remoteAddress: freshIp(), payload: { token, newPassword } });
}

async function outboxTo(c: TestContext, email: string) {
  return c.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
}

/** The link of the newest reset e-mail to `email`, opened as the browser would: the redirect to the reset page. */
async function openResetLink(c: TestContext, email: string) {
  const message = (await outboxTo(c, email)).find((m) => m.kind === 'password_reset');
  if (!message) throw new Error(`no reset e-mail to ${email}`);
  const link = new URL(/https?:\/\/\S+/.exec(message.textBody)![0]);
  return { link, response: await c.app.inject({ method: 'GET', url: link.pathname + link.search }) };
}

async function tokenFromEmail(c: TestContext, email: string): Promise<string> {
  const { response } = await openResetLink(c, email);
  const token = new URL(String(response.headers.location), 'http://localhost:3000').searchParams.get('token');
  if (!token) throw new Error(`the reset link did not lead to a token: ${String(response.headers.location)}`);
  return token;
}

async function events(c: TestContext, eventType: string, email: string) {
  return c.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, eventType), eq(securityEvents.email, email)));
}

describeEachDatabase('password reset', (ctx) => {
  it('sends a reset e-mail whose link opens the reset page with a token', async () => {
    const { email } = await createSignedInUser(ctx());
    const response = await requestReset(ctx(), email);
    expect(response.statusCode).toBe(200);

    const [message] = (await outboxTo(ctx(), email)).filter((m) => m.kind === 'password_reset');
    expect(message).toMatchObject({ subject: 'Reset your Parley password', status: 'logged' });
    expect(message!.textBody).toMatch(/http:\/\/localhost:3000\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=%2Fauth%2Freset-password/);
    expect(message!.textBody).toContain('valid for 1 hour');

    const { response: opened } = await openResetLink(ctx(), email);
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers.location)).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=[A-Za-z0-9]+$/);
    expect(await events(ctx(), 'password_reset_requested', email)).toHaveLength(1);
  });

  it('the token sets the new password once, ends every session, and the old password stops working', async () => {
    const { email, cookie, userId } = await createSignedInUser(ctx());
    const second = cookiesFrom(await signIn(ctx().app, email, TEST_PASSWORD, freshIp()));
    await requestReset(ctx(), email);
    const token = await tokenFromEmail(ctx(), email);

    const reset = await resetPassword(ctx(), token);
    expect(reset.statusCode).toBe(200);

    for (const c of [cookie, second]) expect((await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c } })).statusCode).toBe(401);
    expect(await ctx().database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);

    const old = await signIn(ctx().app, email, TEST_PASSWORD, freshIp());
    expect(old.statusCode).toBe(401);
    const fresh = await signIn(ctx().app, email, NEW_PASSWORD, freshIp());
    expect(fresh.statusCode).toBe(200);

    const again = await resetPassword(ctx(), token, 'yet another secret 7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'This link is not valid any more. Request a new one.' });
    expect((await signIn(ctx().app, email, NEW_PASSWORD, freshIp())).statusCode).toBe(200);

    const [completed] = await events(ctx(), 'password_reset_completed', email);
    expect(completed).toMatchObject({ userId, severity: 'medium', details: { all_sessions_ended: true } });
    const notice = (await outboxTo(ctx(), email)).find((m) => m.kind === 'password_changed_notice');
    expect(notice?.subject).toBe('Your Parley password was reset');
    expect(notice?.textBody).toContain('http://localhost:3000/auth/forgot-password');
  });

  it('an unknown address gets the same answer and no e-mail is sent', async () => {
    const { email } = await createSignedInUser(ctx());
    const unknown = uniqueEmail('nobody');
    const known = await requestReset(ctx(), email);
    const stranger = await requestReset(ctx(), unknown);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.json()).toEqual(known.json());
    expect(await outboxTo(ctx(), unknown)).toHaveLength(0);
    expect((await outboxTo(ctx(), email)).filter((m) => m.kind === 'password_reset')).toHaveLength(1);
  });

  it('an expired link is refused, on opening and on submitting, and the password stays', async () => {
    const { email } = await createSignedInUser(ctx());
    await requestReset(ctx(), email);
    const token = await tokenFromEmail(ctx(), email);
    await ctx()
      .database.db.update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const { response: opened } = await openResetLink(ctx(), email);
    expect(String(opened.headers.location)).toBe('http://localhost:3000/auth/reset-password?error=INVALID_TOKEN');
    const reset = await resetPassword(ctx(), token);
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(ctx().app, email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    const failed = await ctx().database.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'password_reset_failed'));
    expect(failed.some((e) => (e.details as { code?: string }).code === 'INVALID_TOKEN')).toBe(true);
  });

  it('the link lasts one hour', async () => {
    const { email } = await createSignedInUser(ctx());
    const before = Date.now();
    await requestReset(ctx(), email);
    const token = await tokenFromEmail(ctx(), email);
    const [row] = await ctx()
      .database.db.select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60 * 1000);
  });

  it('a deactivated account gets the same answer but no e-mail, and an earlier link sets no password', async () => {
    const { email, userId } = await createSignedInUser(ctx());
    await requestReset(ctx(), email);
    const token = await tokenFromEmail(ctx(), email);
    await ctx().database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, userId));

    const asked = await requestReset(ctx(), email);
    const stranger = await requestReset(ctx(), uniqueEmail('nobody'));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(stranger.json());
    expect((await outboxTo(ctx(), email)).filter((m) => m.kind === 'password_reset')).toHaveLength(1);

    const reset = await resetPassword(ctx(), token);
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: MESSAGES.accountDeactivated });
    await ctx().database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, userId));
    expect((await signIn(ctx().app, email, NEW_PASSWORD, freshIp())).statusCode).toBe(401);
    expect((await signIn(ctx().app, email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    const blocked = await events(ctx(), 'password_reset_failed', email);
    expect(blocked.map((e) => (e.details as { stage?: string }).stage)).toContain('request');
  });

  it('refuses bad bodies with 400 and a readable message', async () => {
    const badEmail = await ctx().app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: ORIGIN, payload: { email: 'not an address' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'email: Enter a valid e-mail address' });
    const shortPassword = await resetPassword(ctx(), 'sometoken', 'short');
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toContain('at least 8 characters');
    const foreignRedirect = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email: uniqueEmail(), redirectTo: 'https://evil.example/steal' },
    });
    expect(foreignRedirect.statusCode).toBe(400);
  });
});
