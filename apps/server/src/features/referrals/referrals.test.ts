import { randomUUID } from 'node:crypto';
import type { MyReferral, ReferralDashboard, ReferralSettings } from '@parley/shared/contracts/referrals';
import type { UsageResponse } from '@parley/shared/contracts/usage';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizationMembers, referrals, tokenCredits, userNotifications, users } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { confirmEmail, cookiesFrom, describeEachDatabase, signIn, signUp, uniqueEmail, type TestContext } from '../../test/harness';
import { meterTokens } from '../usage/metering';
import { isOverTokenLimit, organizationTier } from '../usage/service';
import { attributeSignUp, grantReferralRewardsOnFirstPayment } from './service';

/** A customer who signed up (through a referral link when `code` is given), confirmed, and signed in. */
async function customer(c: TestContext, code?: string) {
  const email = uniqueEmail('customer');
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: 'http://localhost:3000' },
    // An address of its own: many customers are made per file, more than one IP may sign up in an hour.
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    payload: { email, password: 'correct horse battery', firstName: 'Ref', lastName: 'Erred', callbackURL: '/auth/callback?type=email', referralCode: code },
  });
  expect(created.statusCode, created.body).toBe(200);
  await confirmEmail(c, email);
  const session = await signIn(c.app, email, undefined, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  const cookie = cookiesFrom(session);
  const userId = (session.json() as { user: { id: string } }).user.id;
  const [membership] = await c.database.db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt));
  return { email, cookie, userId, organizationId: membership!.organizationId };
}

async function linkOf(c: TestContext, cookie: string): Promise<MyReferral> {
  const response = await c.app.inject({ method: 'GET', url: '/api/referrals/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as MyReferral;
}

async function creditsOf(c: TestContext, organizationId: string) {
  return c.database.db.select().from(tokenCredits).where(eq(tokenCredits.organizationId, organizationId));
}

describeEachDatabase('referrals', (ctx) => {
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  const settings = async (body: object) =>
    ctx().app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', headers: { cookie: admin.cookie }, payload: body });

  it('settings: off by default, saved by a system admin with an activity entry, bad values refused and nothing changed', async () => {
    const c = ctx();
    admin = await createAdmin(c, 'system_admin');
    const initial = (await c.app.inject({ method: 'GET', url: '/api/admin/referrals/settings', headers: { cookie: admin.cookie } })).json() as ReferralSettings;
    expect(initial).toEqual({ enabled: false, rewardTokens: 10_000, maxRewardsPerReferrer: 10, updatedAt: null });
    for (const bad of [{ enabled: true, rewardTokens: 0, maxRewardsPerReferrer: 1 }, { enabled: true, rewardTokens: 5000, maxRewardsPerReferrer: -2 }, {}]) {
      expect((await settings(bad)).statusCode).toBe(400);
    }
    expect(((await settings({ enabled: true, rewardTokens: 1.5, maxRewardsPerReferrer: 1 })).json() as { message: string }).message).toContain(
      'Reward tokens must be a whole number',
    );
    // The spec's route table: /admin/referrals is system_admin only, so its three endpoints refuse support and developer.
    const support = await createAdmin(c, 'support');
    const developer = await createAdmin(c, 'developer');
    for (const url of ['/api/admin/referrals', '/api/admin/referrals/referrers', '/api/admin/referrals/list']) {
      for (const staff of [support, developer]) {
        expect((await c.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } })).statusCode, url).toBe(403);
      }
      expect((await c.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode, url).toBe(200);
    }
    expect(
      (await c.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', headers: { cookie: support.cookie }, payload: initial })).statusCode,
    ).toBe(403);
    const saved = await settings({ enabled: true, rewardTokens: 5000, maxRewardsPerReferrer: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, rewardTokens: 5000, maxRewardsPerReferrer: 1 });
  });

  it('attribution: a sign-up through the link is credited to its owner; an unknown code is ignored, a malformed one refused', async () => {
    const c = ctx();
    const referrer = await customer(c);
    const link = await linkOf(c, referrer.cookie);
    expect(link.link).toBe(`http://localhost:3000/auth?ref=${link.code}`);
    expect((await linkOf(c, referrer.cookie)).code).toBe(link.code);

    const referred = await customer(c, link.code.toLowerCase());
    const [row] = await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, referred.userId));
    expect(row).toMatchObject({ referrerUserId: referrer.userId, status: 'signed_up', code: link.code });
    expect(await linkOf(c, referrer.cookie)).toMatchObject({ signUps: 1, conversions: 0, tokensEarned: 0 });

    const stranger = await customer(c, 'ZZZZZZZZ');
    expect(await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, stranger.userId))).toEqual([]);
    // Signing up again with an existing account's address never ties that account to a referrer.
    await c.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: stranger.email, password: 'correct horse battery', firstName: 'Not', lastName: 'Me', referralCode: link.code },
    });
    expect(await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, stranger.userId))).toEqual([]);
    const malformed = await signUp(c.app, uniqueEmail('bad'));
    expect(malformed.statusCode).toBe(200);
    const refused = await c.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: uniqueEmail('bad'), password: 'correct horse battery', firstName: 'A', lastName: 'B', referralCode: 'no spaces!' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('referralCode must be 6 to 16 letters or digits');

    // A user's own code never attributes them to themselves.
    expect(await attributeSignUp(c.database.db, { code: link.code, referredUserId: referrer.userId })).toBe(false);
  });

  it('a new account whose sign-up could not carry the code (single sign-on) claims it once signed in; an older account cannot', async () => {
    const c = ctx();
    const referrer = await customer(c);
    const { code } = await linkOf(c, referrer.cookie);
    const claim = (cookie: string | undefined, payload: object) =>
      c.app.inject({ method: 'POST', url: '/api/referrals/claim', headers: cookie ? { cookie } : {}, payload });

    const fresh = await customer(c);
    expect((await claim(fresh.cookie, { referralCode: code.toLowerCase() })).json()).toEqual({ attributed: true });
    const [row] = await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, fresh.userId));
    expect(row).toMatchObject({ referrerUserId: referrer.userId, status: 'signed_up' });
    // Once: a second claim, or another referrer's code, changes nothing.
    const other = await linkOf(c, (await customer(c)).cookie);
    expect((await claim(fresh.cookie, { referralCode: other.code })).json()).toEqual({ attributed: false });
    expect(await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, fresh.userId))).toHaveLength(1);

    // An account made more than ten minutes ago is not claimed by a link; nor is one's own; bad input is a 400.
    const old = await customer(c);
    await c.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(users.id, old.userId));
    expect((await claim(old.cookie, { referralCode: code })).json()).toEqual({ attributed: false });
    const own = await customer(c);
    expect((await claim(own.cookie, { referralCode: (await linkOf(c, own.cookie)).code })).json()).toEqual({ attributed: false });
    expect((await claim(own.cookie, { referralCode: 'no!' })).statusCode).toBe(400);
    expect((await claim(undefined, { referralCode: code })).statusCode).toBe(401);
  });

  it('rewards both sides exactly once at the first payment, and the credits extend the monthly allowance', async () => {
    const c = ctx();
    const referrer = await customer(c);
    const { code } = await linkOf(c, referrer.cookie);
    const referred = await customer(c, code);

    const first = await grantReferralRewardsOnFirstPayment(c.database.db, referred.organizationId, 'pay_first');
    expect(first).toMatchObject({ outcome: 'rewarded', referrerTokens: 5000, referredTokens: 5000, note: null });
    const again = await grantReferralRewardsOnFirstPayment(c.database.db, referred.organizationId, 'pay_second');
    expect(again).toMatchObject({ outcome: 'already_rewarded' });
    expect((await creditsOf(c, referred.organizationId)).map((r) => [r.tokens, r.reason])).toEqual([[5000, 'referral_reward']]);
    expect((await creditsOf(c, referrer.organizationId)).map((r) => [r.tokens, r.reason])).toEqual([[5000, 'referral_reward']]);
    const [converted] = await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, referred.userId));
    expect(converted).toMatchObject({ status: 'converted', paymentReference: 'pay_first', convertedOrganizationId: referred.organizationId });
    expect((await c.database.db.select().from(userNotifications).where(eq(userNotifications.userId, referrer.userId))).map((n) => n.title)).toContain(
      'Referral reward credited',
    );
    expect(await linkOf(c, referrer.cookie)).toMatchObject({ conversions: 1, tokensEarned: 5000, capReached: true });

    // The reward is a balance used after the monthly allowance.
    const tier = await organizationTier(c.database.db, referred.organizationId);
    expect(tier.monthlyTokenLimit).toBeGreaterThan(0);
    // Metered as answers are: the use past the allowance is taken from the balance when it happens.
    const use = (tokens: number) =>
      c.database.db.transaction((tx) =>
        meterTokens(tx, {
          organizationId: referred.organizationId,
          rows: [{ tokenType: 'input', tokens }],
          limit: tier.monthlyTokenLimit,
          reference: `test-use-${randomUUID()}`,
        }),
      );
    await use(tier.monthlyTokenLimit + 4999);
    expect(await isOverTokenLimit(c.database.db, referred.organizationId)).toBe(false);
    const summary = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: referred.cookie } })).json() as UsageResponse;
    expect(summary.tokens.creditBalance).toBe(1);
    expect(summary.isOverTokenLimit).toBe(false);
    await use(1);
    expect(await isOverTokenLimit(c.database.db, referred.organizationId)).toBe(true);
  });

  it('respects the cap per referrer (the new customer is still credited) and refuses a self-referral', async () => {
    const c = ctx();
    const referrer = await customer(c);
    const { code } = await linkOf(c, referrer.cookie);
    const one = await customer(c, code);
    const two = await customer(c, code);
    expect(await grantReferralRewardsOnFirstPayment(c.database.db, one.organizationId, 'pay_one')).toMatchObject({ outcome: 'rewarded', referrerTokens: 5000 });
    const capped = await grantReferralRewardsOnFirstPayment(c.database.db, two.organizationId, 'pay_two');
    expect(capped).toMatchObject({ outcome: 'rewarded', referrerTokens: 0, referredTokens: 5000 });
    expect((capped as { note: string }).note).toContain('reached the cap of 1');
    expect((await creditsOf(c, referrer.organizationId)).map((r) => r.tokens)).toEqual([5000]);
    expect((await creditsOf(c, two.organizationId)).map((r) => r.tokens)).toEqual([5000]);

    // The referrer is a member of the paying organization: same organization, nothing credited.
    const self = await customer(c, code);
    await c.database.db.insert(organizationMembers).values({ organizationId: self.organizationId, userId: referrer.userId, role: 'member' });
    expect(await grantReferralRewardsOnFirstPayment(c.database.db, self.organizationId, 'pay_self')).toMatchObject({
      outcome: 'refused',
      reason: 'self_referral',
    });
    expect(await creditsOf(c, self.organizationId)).toEqual([]);
    expect(await grantReferralRewardsOnFirstPayment(c.database.db, self.organizationId, 'pay_self_again')).toMatchObject({ outcome: 'already_rewarded' });

    // An organization nobody was referred into.
    const plain = await customer(c);
    expect(await grantReferralRewardsOnFirstPayment(c.database.db, plain.organizationId, 'pay_plain')).toEqual({ outcome: 'no_referral' });
  });

  it('attributes nothing while the programme is off; the dashboard lists referrers, sign-ups, conversions and rewards', async () => {
    const c = ctx();
    await settings({ enabled: false, rewardTokens: 5000, maxRewardsPerReferrer: 1 });
    const referrer = await customer(c);
    const { code, enabled } = await linkOf(c, referrer.cookie);
    expect(enabled).toBe(false);
    const off = await customer(c, code);
    expect(await c.database.db.select().from(referrals).where(eq(referrals.referredUserId, off.userId))).toEqual([]);

    const dashboard = (await c.app.inject({ method: 'GET', url: '/api/admin/referrals', headers: { cookie: admin.cookie } })).json() as ReferralDashboard;
    const all = await c.database.db.select().from(referrals);
    expect(dashboard.summary).toEqual({
      referrers: new Set(all.map((r) => r.referrerUserId)).size,
      signUps: all.length,
      conversions: all.filter((r) => r.status === 'converted').length,
      tokensGranted: all.reduce((total, r) => total + r.referrerRewardTokens + r.referredRewardTokens, 0),
    });
    expect(dashboard.summary.tokensGranted).toBe(5000 * 5);
    // Every referrer, a page at a time, most sign-ups first; pages never overlap.
    const referrersPage = async (page: number) =>
      (await c.app.inject({ method: 'GET', url: `/api/admin/referrals/referrers?pageSize=1&page=${page}`, headers: { cookie: admin.cookie } })).json();
    const first = await referrersPage(1);
    expect(first).toMatchObject({ total: dashboard.summary.referrers, page: 1, pageSize: 1 });
    expect(first.items[0]).toMatchObject({ signUps: 3, conversions: 3, rewardsGranted: 1, tokensEarned: 5000 });
    const second = await referrersPage(2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].userId).not.toBe(first.items[0].userId);
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/referrals/referrers?pageSize=1000', headers: { cookie: admin.cookie } })).statusCode).toBe(
      400,
    );

    const converted = await c.app.inject({ method: 'GET', url: '/api/admin/referrals/list?status=converted&pageSize=2', headers: { cookie: admin.cookie } });
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({ total: dashboard.summary.conversions, page: 1, pageSize: 2 });
    expect(converted.json().items).toHaveLength(2);
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/referrals/list?status=nope', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });

  it('two organizations the same referrer brought in paying at once: the cap of 1 grants the referrer one reward', async () => {
    const c = ctx();
    await settings({ enabled: true, rewardTokens: 5000, maxRewardsPerReferrer: 1 });
    const referrer = await customer(c);
    const { code } = await linkOf(c, referrer.cookie);
    const one = await customer(c, code);
    const two = await customer(c, code);
    const results = await Promise.all([
      grantReferralRewardsOnFirstPayment(c.database.db, one.organizationId, 'pay_race_one'),
      grantReferralRewardsOnFirstPayment(c.database.db, two.organizationId, 'pay_race_two'),
    ]);
    expect(results.map((r) => (r as { referrerTokens: number }).referrerTokens).sort()).toEqual([0, 5000]);
    expect((await creditsOf(c, referrer.organizationId)).map((r) => r.tokens)).toEqual([5000]);
    // Both new customers are credited, whoever won.
    expect((await creditsOf(c, one.organizationId)).map((r) => r.tokens)).toEqual([5000]);
    expect((await creditsOf(c, two.organizationId)).map((r) => r.tokens)).toEqual([5000]);
  });
});
