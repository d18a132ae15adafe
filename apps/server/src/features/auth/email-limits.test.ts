import {
  AUTH_EMAIL_WINDOW_SECONDS,
  AUTH_EMAILS_MAX_PER_ADDRESS,
  AUTH_IP_WINDOW_SECONDS,
  PASSWORD_RESET_REQUESTS_MAX_PER_IP,
  SIGN_UP_MAX_PER_IP,
} from '@parley/shared/constants';
import { MESSAGES } from '@parley/shared/messages';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailOutbox, securityEvents, users } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, TEST_PASSWORD, uniqueEmail, type TestContext } from '../../test/harness';

const ORIGIN = { origin: 'http://localhost:3000' };

function signUpFrom(c: TestContext, email: string, ip: string) {
  return c.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    remoteAddress: ip,
    payload: { email, password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Lovelace', callbackURL: '/auth/callback?type=email' },
  });
}

function resendFrom(c: TestContext, email: string, ip: string) {
  return c.app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: ORIGIN,
    remoteAddress: ip,
    payload: { email, callbackURL: '/auth/callback?type=email' },
  });
}

function resetFrom(c: TestContext, email: string, ip: string) {
  return c.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: ORIGIN, remoteAddress: ip, payload: { email } });
}

const emailsTo = async (c: TestContext, email: string) => c.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

function expectLimited(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyEmails });
}

describeEachDatabase('limits on the e-mails of sign-up, confirmation and password reset', (ctx) => {
  it('per IP: the eleventh sign-up within the hour gets 429 with Retry-After and creates nobody', async () => {
    const ip = '198.18.0.1';
    for (let i = 0; i < SIGN_UP_MAX_PER_IP; i += 1) expect((await signUpFrom(ctx(), uniqueEmail('ip-signup'), ip)).statusCode).toBe(200);
    const email = uniqueEmail('ip-signup-over');
    const over = await signUpFrom(ctx(), email, ip);
    expectLimited(over, AUTH_IP_WINDOW_SECONDS);
    expect(await ctx().database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const [event] = await ctx()
      .database.db.select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'signup_failed'), eq(securityEvents.email, email)));
    expect(event?.details).toMatchObject({ reason: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await signUpFrom(ctx(), uniqueEmail('other-ip'), '198.18.0.2')).statusCode).toBe(200);
  });

  it('per address: a sign-up and two resends, then 429 and no fourth confirmation e-mail, from any IP', async () => {
    const email = uniqueEmail('resend');
    expect((await signUpFrom(ctx(), email, '198.18.1.1')).statusCode).toBe(200);
    expect((await resendFrom(ctx(), email, '198.18.1.2')).statusCode).toBe(200);
    expect((await resendFrom(ctx(), email, '198.18.1.3')).statusCode).toBe(200);
    expect(await emailsTo(ctx(), email)).toHaveLength(AUTH_EMAILS_MAX_PER_ADDRESS);
    expectLimited(await resendFrom(ctx(), email, '198.18.1.4'), AUTH_EMAIL_WINDOW_SECONDS);
    expectLimited(await signUpFrom(ctx(), email, '198.18.1.5'), AUTH_EMAIL_WINDOW_SECONDS);
    expect(await emailsTo(ctx(), email)).toHaveLength(AUTH_EMAILS_MAX_PER_ADDRESS);
  });

  it('per address: the fourth reset request gets 429, for an account and for an unknown address alike', async () => {
    const { email } = await createSignedInUser(ctx());
    const unknown = uniqueEmail('nobody');
    // createSignedInUser's sign-up spent one of the address's three e-mails.
    for (let i = 0; i < AUTH_EMAILS_MAX_PER_ADDRESS - 1; i += 1) expect((await resetFrom(ctx(), email, `198.18.2.${i + 1}`)).statusCode).toBe(200);
    expectLimited(await resetFrom(ctx(), email, '198.18.2.50'), AUTH_EMAIL_WINDOW_SECONDS);
    expect((await emailsTo(ctx(), email)).filter((m) => m.kind === 'password_reset')).toHaveLength(AUTH_EMAILS_MAX_PER_ADDRESS - 1);

    for (let i = 0; i < AUTH_EMAILS_MAX_PER_ADDRESS; i += 1) expect((await resetFrom(ctx(), unknown, `198.18.3.${i + 1}`)).statusCode).toBe(200);
    expectLimited(await resetFrom(ctx(), unknown, '198.18.3.50'), AUTH_EMAIL_WINDOW_SECONDS);
  });

  it('per IP: reset requests for many addresses from one IP stop at the hourly budget', async () => {
    const ip = '198.18.4.1';
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_MAX_PER_IP; i += 1) expect((await resetFrom(ctx(), uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expectLimited(await resetFrom(ctx(), uniqueEmail('spray'), ip), AUTH_IP_WINDOW_SECONDS);
  });
});
