import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_LENGTH,
  REFERRAL_DEFAULTS,
  REFERRAL_QUERY_PARAM,
  REFERRAL_UNLIMITED,
  type MyReferral,
  type ReferralDashboard,
  type ReferralItem,
  type ReferralSettings,
  type ReferralSettingsForm,
  type ReferralStatus,
  type ReferrerSummary,
} from '@parley/shared/contracts/referrals';
import { and, asc, count, countDistinct, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organizationMembers, profiles, referralCodes, referralSettings, referrals, userNotifications, users } from '../../db/schema/index';
import { logAdminActivity } from '../../services/activity-log';
import { creditTokens } from '../../services/token-ledger';

/** No 0/O or 1/I: a code read aloud or retyped stays right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: REFERRAL_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export async function readReferralSettings(db: Db): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  if (!row) return { ...REFERRAL_DEFAULTS, updatedAt: null };
  return { enabled: row.enabled, rewardTokens: row.rewardTokens, maxRewardsPerReferrer: row.maxRewardsPerReferrer, updatedAt: row.updatedAt.toISOString() };
}

export async function updateReferralSettings(
  db: Db,
  input: ReferralSettingsForm & { actorId: string },
  context: { ipAddress: string; userAgent: string | null },
): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    const values = { enabled: input.enabled, rewardTokens: input.rewardTokens, maxRewardsPerReferrer: input.maxRewardsPerReferrer };
    const [row] = await tx
      .insert(referralSettings)
      .values({ id: 1, ...values, updatedBy: input.actorId })
      .onConflictDoUpdate({ target: referralSettings.id, set: { ...values, updatedBy: input.actorId, updatedAt: new Date() } })
      .returning();
    await logAdminActivity(
      tx,
      { action: 'referral_settings_updated', resourceType: 'referral_settings', adminUserId: input.actorId, details: values },
      context,
    );
    return { ...values, updatedAt: row!.updatedAt.toISOString() };
  });
}

/** The user's code, made on first use (a collision with another user's code draws again). */
export async function referralCodeFor(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    const inserted = await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing().returning({ code: referralCodes.code });
    if (inserted[0]) return inserted[0].code;
  }
  throw new Error('Could not draw a unique referral code');
}

export const referralLink = (publicUrl: string, code: string) => `${publicUrl}/auth?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;

/**
 * A sign-up through a referral link: attributed to the code's owner while the programme is on. An unknown code, a
 * user's own code, or a second attribution of the same user changes nothing (sign-up never fails for it).
 */
export async function attributeSignUp(db: Db, input: { code: string; referredUserId: string }): Promise<boolean> {
  const settings = await readReferralSettings(db);
  if (!settings.enabled) return false;
  const [owner] = await db.select({ userId: referralCodes.userId }).from(referralCodes).where(eq(referralCodes.code, input.code.toUpperCase()));
  if (!owner || owner.userId === input.referredUserId) return false;
  const inserted = await db
    .insert(referrals)
    .values({ code: input.code.toUpperCase(), referrerUserId: owner.userId, referredUserId: input.referredUserId })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length > 0;
}

/** A sign-up's user must be this new to be attributed: an existing account is never claimed by someone's link. */
const NEW_ACCOUNT_MS = 10 * 60 * 1000;

/**
 * Attribution after a successful sign-up, from the user Better Auth answered with. Only an account created just now
 * is attributed, so signing up again with someone else's address (answered like a success, to hide who has an
 * account) cannot tie their existing account to a referrer.
 */
export async function attributeNewSignUp(db: Db, input: { code: string; responseBody: string }): Promise<boolean> {
  let userId: unknown;
  try {
    userId = (JSON.parse(input.responseBody) as { user?: { id?: unknown } }).user?.id;
  } catch {
    return false;
  }
  if (typeof userId !== 'string') return false;
  return attributeNewAccount(db, { code: input.code, userId });
}

/**
 * The referral link of an account created in the last ten minutes: the e-mail sign-up above, and a sign-up through
 * single sign-on, whose provider's round trip cannot carry the code (the web app sends it once signed in). An older
 * account, or one already attributed, is left as it is.
 */
export async function attributeNewAccount(db: Db, input: { code: string; userId: string }): Promise<boolean> {
  const [user] = await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, input.userId));
  if (!user || Date.now() - user.createdAt.getTime() > NEW_ACCOUNT_MS) return false;
  return attributeSignUp(db, { code: input.code, referredUserId: user.id });
}

export type ReferralGrantResult =
  | { outcome: 'rewarded'; referralId: string; referrerTokens: number; referredTokens: number; note: string | null }
  | { outcome: 'refused'; referralId: string; reason: 'self_referral' | 'programme_off' }
  | { outcome: 'no_referral' }
  | { outcome: 'already_rewarded'; referralId: string };

/**
 * Called by billing when an organization's FIRST payment succeeds (the commerce issue's first-payment event).
 * If an owner of the organization signed up through a referral link, the referral converts — exactly once per
 * organization — and both sides are credited the reward tokens of Referral settings: the paying organization,
 * and the referrer's own (oldest owned) organization while the referrer is under the cap. A referrer who belongs
 * to the paying organization is a self-referral: converted, nothing credited.
 */
export async function grantReferralRewardsOnFirstPayment(db: Db, organizationId: string, paymentRef: string): Promise<ReferralGrantResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-grant:${organizationId}`}))`);
    const [done] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.convertedOrganizationId, organizationId));
    if (done) return { outcome: 'already_rewarded' as const, referralId: done.id };

    const [referral] = await tx
      .select({ id: referrals.id, referrerUserId: referrals.referrerUserId, referredUserId: referrals.referredUserId })
      .from(referrals)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, referrals.referredUserId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner'), eq(referrals.status, 'signed_up')))
      .orderBy(asc(organizationMembers.createdAt))
      .limit(1);
    if (!referral) return { outcome: 'no_referral' as const };
    // The per-referrer cap is counted below: two organizations this referrer brought in paying at once must not both
    // pass it. Always taken after the organization's lock, so the two locks never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-referrer:${referral.referrerUserId}`}))`);

    const settings = await readReferralSettings(tx as unknown as Db);
    const [referrerInPayer] = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, referral.referrerUserId)));
    const isSelf = referral.referrerUserId === referral.referredUserId || Boolean(referrerInPayer);

    const convert = (values: Partial<typeof referrals.$inferInsert>) =>
      tx
        .update(referrals)
        .set({ status: 'converted', convertedOrganizationId: organizationId, paymentReference: paymentRef.slice(0, 200), convertedAt: new Date(), ...values })
        .where(eq(referrals.id, referral.id));

    if (isSelf) {
      await convert({ rewardNote: 'Self-referral: the referrer belongs to the paying organization; no reward.' });
      return { outcome: 'refused' as const, referralId: referral.id, reason: 'self_referral' as const };
    }
    if (!settings.enabled) {
      await convert({ rewardNote: 'The referral programme was off at the first payment; no reward.' });
      return { outcome: 'refused' as const, referralId: referral.id, reason: 'programme_off' as const };
    }

    const reward = settings.rewardTokens;
    const [earned] = await tx
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.referrerUserId, referral.referrerUserId), gt(referrals.referrerRewardTokens, 0)));
    const capReached = settings.maxRewardsPerReferrer !== REFERRAL_UNLIMITED && Number(earned?.n ?? 0) >= settings.maxRewardsPerReferrer;
    const [referrerOrg] = await tx
      .select({ organizationId: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, referral.referrerUserId), eq(organizationMembers.role, 'owner')))
      .orderBy(asc(organizationMembers.createdAt))
      .limit(1);

    let note: string | null = null;
    let referrerTokens = 0;
    if (capReached) note = `The referrer reached the cap of ${settings.maxRewardsPerReferrer} rewards; only the new customer was credited.`;
    else if (!referrerOrg) note = 'The referrer owns no organization to credit; only the new customer was credited.';
    else {
      await creditTokens(tx, {
        organizationId: referrerOrg.organizationId,
        tokens: reward,
        reason: 'referral_reward',
        reference: `referral:${referral.id}:referrer`,
      });
      referrerTokens = reward;
    }
    await creditTokens(tx, { organizationId, tokens: reward, reason: 'referral_reward', reference: `referral:${referral.id}:referred` });
    await convert({
      referrerOrganizationId: referrerOrg?.organizationId ?? null,
      referrerRewardTokens: referrerTokens,
      referredRewardTokens: reward,
      rewardNote: note,
    });

    const tokens = (n: number) => n.toLocaleString('en-US');
    const notices = [
      {
        userId: referral.referredUserId,
        title: 'Referral reward credited',
        message: `Welcome aboard: ${tokens(reward)} tokens were added to your token balance for joining through a referral.`,
      },
      ...(referrerTokens > 0
        ? [
            {
              userId: referral.referrerUserId,
              title: 'Referral reward credited',
              message: `Someone you referred became a customer: ${tokens(referrerTokens)} tokens were added to your token balance.`,
            },
          ]
        : []),
    ];
    await tx.insert(userNotifications).values(notices.map((n) => ({ ...n, type: 'info' as const, link: '/dashboard/referrals' })));
    return { outcome: 'rewarded' as const, referralId: referral.id, referrerTokens, referredTokens: reward, note };
  });
}

/** The customer's own referral link and what it brought. */
export async function myReferral(db: Db, userId: string, publicUrl: string): Promise<MyReferral> {
  const [settings, code] = await Promise.all([readReferralSettings(db), referralCodeFor(db, userId)]);
  const [row] = await db
    .select({
      signUps: count(),
      conversions: sql`count(*) filter (where ${referrals.status} = 'converted')`.mapWith(Number),
      rewarded: sql`count(*) filter (where ${referrals.referrerRewardTokens} > 0)`.mapWith(Number),
      tokensEarned: sql`coalesce(sum(${referrals.referrerRewardTokens}), 0)`.mapWith(Number),
    })
    .from(referrals)
    .where(eq(referrals.referrerUserId, userId));
  const rewarded = Number(row?.rewarded ?? 0);
  return {
    enabled: settings.enabled,
    code,
    link: referralLink(publicUrl, code),
    rewardTokens: settings.rewardTokens,
    signUps: Number(row?.signUps ?? 0),
    conversions: Number(row?.conversions ?? 0),
    tokensEarned: Number(row?.tokensEarned ?? 0),
    capReached: settings.maxRewardsPerReferrer !== REFERRAL_UNLIMITED && rewarded >= settings.maxRewardsPerReferrer,
  };
}

/** The admin dashboard: totals and the programme's settings (the referrers are listed by listReferrers). */
export async function referralDashboard(db: Db): Promise<ReferralDashboard> {
  const tokensGranted = sql`coalesce(sum(${referrals.referrerRewardTokens} + ${referrals.referredRewardTokens}), 0)`.mapWith(Number);
  const [settings, [summary]] = await Promise.all([
    readReferralSettings(db),
    db
      .select({
        referrers: countDistinct(referrals.referrerUserId),
        signUps: count(),
        conversions: sql`count(*) filter (where ${referrals.status} = 'converted')`.mapWith(Number),
        tokensGranted,
      })
      .from(referrals),
  ]);
  return {
    settings,
    summary: {
      referrers: Number(summary?.referrers ?? 0),
      signUps: Number(summary?.signUps ?? 0),
      conversions: Number(summary?.conversions ?? 0),
      tokensGranted: Number(summary?.tokensGranted ?? 0),
    },
  };
}

/** Every referrer, most sign-ups first (then by e-mail, then id, so pages never overlap), a page at a time. */
export async function listReferrers(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<{ items: ReferrerSummary[]; total: number; page: number; pageSize: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: referrals.referrerUserId,
        email: profiles.email,
        name: profiles.fullName,
        code: referralCodes.code,
        signUps: count(),
        conversions: sql`count(*) filter (where ${referrals.status} = 'converted')`.mapWith(Number),
        rewardsGranted: sql`count(*) filter (where ${referrals.referrerRewardTokens} > 0)`.mapWith(Number),
        tokensEarned: sql`coalesce(sum(${referrals.referrerRewardTokens}), 0)`.mapWith(Number),
      })
      .from(referrals)
      .leftJoin(profiles, eq(profiles.id, referrals.referrerUserId))
      .leftJoin(referralCodes, eq(referralCodes.userId, referrals.referrerUserId))
      .groupBy(referrals.referrerUserId, profiles.email, profiles.fullName, referralCodes.code)
      .orderBy(desc(count()), profiles.email, referrals.referrerUserId)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: countDistinct(referrals.referrerUserId) }).from(referrals),
  ]);
  return {
    items: rows.map((r) => ({
      userId: r.userId,
      email: r.email ?? '(deleted user)',
      name: r.name,
      code: r.code ?? '',
      signUps: Number(r.signUps),
      conversions: Number(r.conversions),
      rewardsGranted: Number(r.rewardsGranted),
      tokensEarned: Number(r.tokensEarned),
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Referred sign-ups, newest first, a page at a time. */
export async function listReferrals(
  db: Db,
  query: { page: number; pageSize: number; status: 'all' | ReferralStatus },
): Promise<{ items: ReferralItem[]; total: number; page: number; pageSize: number }> {
  const referrer = alias(profiles, 'referrer_profile');
  const referred = alias(profiles, 'referred_profile');
  const where = query.status === 'all' ? undefined : eq(referrals.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: referrals, referrerEmail: referrer.email, referredEmail: referred.email })
      .from(referrals)
      .leftJoin(referrer, eq(referrer.id, referrals.referrerUserId))
      .leftJoin(referred, eq(referred.id, referrals.referredUserId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(referrals).where(where),
  ]);
  return {
    items: rows.map(({ r, referrerEmail, referredEmail }) => ({
      id: r.id,
      code: r.code,
      referrerEmail,
      referredEmail,
      status: r.status,
      signedUpAt: r.createdAt.toISOString(),
      convertedAt: r.convertedAt?.toISOString() ?? null,
      referrerRewardTokens: r.referrerRewardTokens,
      referredRewardTokens: r.referredRewardTokens,
      rewardNote: r.rewardNote,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
