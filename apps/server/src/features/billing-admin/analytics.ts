import type { BillingAnalytics, RevenueResponse } from '@parley/shared/contracts/billing-admin';
import { percentOf } from '@parley/shared/billing-health';
import { asc, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { subscriptionTierLimits } from '../../db/schema/index';
import { MRR_SQL } from './customers';
import { CURRENT_SUBSCRIPTIONS, subscriptionHealth } from './monitoring';
import { rowsOf } from '../../db/raw-sql';
import { sandboxNow } from '../../providers/payments/sandbox/clock';
import { resolveStripeSecrets } from '../../services/billing-settings';

const DAY_MS = 24 * 60 * 60 * 1000;
const num = (value: unknown) => Number(value ?? 0);
const monthly = (s: { interval: string; amount_cents: number }) => (s.interval === 'year' ? Math.round(num(s.amount_cents) / 12) : num(s.amount_cents));

async function tierNames(db: Db) {
  const tiers = await db
    .select({ tier: subscriptionTierLimits.tier, displayName: subscriptionTierLimits.displayName })
    .from(subscriptionTierLimits)
    .orderBy(asc(subscriptionTierLimits.sortOrder));
  return tiers;
}

/**
 * The one time every billing figure of the admin side is read at (Analytics, Revenue, Customers, the dashboard's
 * Monthly Revenue): the sandbox clock while the sandbox is the provider, since its invoices, renewals and
 * cancellations are dated by that clock; real time with Stripe. Nothing dated after it is counted anywhere, so after
 * the clock was moved ahead and reset, what it recorded ahead counts on every tab alike once real time reaches it.
 */
export async function billingReportTime(db: Db, config: Config): Promise<Date> {
  const { secretKey } = await resolveStripeSecrets(db, config);
  return secretKey ? new Date() : sandboxNow(db);
}

/**
 * When a subscription stopped counting, as of `asOf`: a canceled one at its canceled_at, or at `asOf` when that lies
 * after it (canceled while the sandbox clock was ahead) or is missing; any other status never (Stripe sets canceled_at
 * as soon as a cancellation at period end is asked for, while the subscription is still active and billed).
 */
export const ENDED_AT_SQL = (alias: string, asOf: Date) =>
  sql`(case when ${sql.raw(alias)}.status = 'canceled' then least(coalesce(${sql.raw(alias)}.canceled_at, ${asOf.toISOString()}::timestamptz), ${asOf.toISOString()}::timestamptz) end)`;

/** Statuses whose subscription is in MRR while live (MRR_SQL's, plus canceled ones for the months they were live). */
const BILLED_WHILE_LIVE = new Set(['active', 'past_due', 'canceled']);

/**
 * Paid money in [from, to): subscription invoices and token purchases. An invoice without a subscription is the
 * receipt of a one-time payment (the sandbox issues one for a token purchase), already counted as the purchase.
 */
async function paidBetween(db: Db, from: Date, to: Date) {
  const [row] = rowsOf<{ invoices: number; tokens: number }>(
    await db.execute(sql`select
      (select coalesce(sum(amount_cents - tax_cents), 0) from invoices where status = 'paid' and provider_subscription_id is not null and coalesce(paid_at, created_at) >= ${from.toISOString()}::timestamptz and coalesce(paid_at, created_at) < ${to.toISOString()}::timestamptz)::int as invoices,
      (select coalesce(sum(amount_cents), 0) from token_purchases where status = 'paid' and coalesce(completed_at, created_at) >= ${from.toISOString()}::timestamptz and coalesce(completed_at, created_at) < ${to.toISOString()}::timestamptz)::int as tokens`),
  );
  return { invoices: num(row?.invoices), tokens: num(row?.tokens) };
}

/**
 * The admin dashboard's Monthly Revenue (spec part 1 §2): money paid in the last 30 days and in the 30 before (the
 * growth window, spec §9), the same sum as the billing Analytics tab's revenue, so the two never disagree.
 */
export async function revenueLast30Days(db: Db, now: Date) {
  const start30 = new Date(now.getTime() - 30 * DAY_MS);
  const [last30, previous30] = await Promise.all([paidBetween(db, start30, now), paidBetween(db, new Date(now.getTime() - 60 * DAY_MS), start30)]);
  return { monthlyCents: last30.invoices + last30.tokens, previousCents: previous30.invoices + previous30.tokens };
}

/** The Analytics tab: every figure from the billing tables (spec §6: no sample data). */
export async function billingAnalytics(db: Db, now: Date): Promise<BillingAnalytics> {
  const start30 = new Date(now.getTime() - 30 * DAY_MS);
  const start60 = new Date(now.getTime() - 60 * DAY_MS);
  const [health, current, last30, previous30, churn, failed, tiers] = await Promise.all([
    subscriptionHealth(db),
    db.execute(sql`select s.tier, s.status, ${MRR_SQL('s')} as mrr from ${CURRENT_SUBSCRIPTIONS} as s`),
    paidBetween(db, start30, now),
    paidBetween(db, start60, start30),
    db.execute(sql`select
      count(*) filter (where created_at < ${start30.toISOString()}::timestamptz and (ended_at is null or ended_at >= ${start30.toISOString()}::timestamptz))::int as live_at_start,
      count(*) filter (where ended_at >= ${start30.toISOString()}::timestamptz)::int as cancelled,
      count(*) filter (where created_at >= ${start30.toISOString()}::timestamptz and created_at < ${now.toISOString()}::timestamptz)::int as created
      from (select s.created_at, ${ENDED_AT_SQL('s', now)} as ended_at from organization_subscriptions as s) as s`),
    db.execute(
      sql`select count(*)::int as n from invoices where status = 'failed' and created_at >= ${start30.toISOString()}::timestamptz and created_at < ${now.toISOString()}::timestamptz`,
    ),
    tierNames(db),
  ]);
  const subs = rowsOf<{ tier: string; status: string; mrr: number }>(current);
  const mrr = subs.reduce((total, s) => total + num(s.mrr), 0);
  const billed = subs.filter((s) => s.status === 'active' || s.status === 'past_due');
  const byTier = new Map<string, { subscriptions: number; mrrCents: number }>();
  for (const s of subs.filter((x) => x.status !== 'canceled' && x.status !== 'incomplete')) {
    const entry = byTier.get(s.tier) ?? { subscriptions: 0, mrrCents: 0 };
    entry.subscriptions += 1;
    entry.mrrCents += num(s.mrr);
    byTier.set(s.tier, entry);
  }
  const names = new Map(tiers.map((t) => [t.tier, t.displayName]));
  const [c] = rowsOf<{ live_at_start: number; cancelled: number; created: number }>(churn);
  const [f] = rowsOf<{ n: number }>(failed);
  return {
    mrrCents: mrr,
    arrCents: mrr * 12,
    activeSubscriptions: health.byStatus.active,
    trialingSubscriptions: health.byStatus.trialing,
    payingCustomers: billed.length,
    arpuCents: billed.length === 0 ? 0 : Math.round(mrr / billed.length),
    revenue30dCents: last30.invoices + last30.tokens,
    revenuePrevious30dCents: previous30.invoices + previous30.tokens,
    tokenRevenue30dCents: last30.tokens,
    churnRate30d: percentOf(num(c?.cancelled), num(c?.live_at_start)),
    cancelled30d: num(c?.cancelled),
    newSubscriptions30d: num(c?.created),
    failedInvoices30d: num(f?.n),
    byStatus: health.byStatus,
    planDistribution: [...byTier.entries()]
      .map(([tier, v]) => ({ tier, displayName: names.get(tier) ?? tier, ...v }))
      .sort((a, b) => b.mrrCents - a.mrrCents || b.subscriptions - a.subscriptions),
  };
}

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The Revenue tab, per calendar month (UTC) of the last `months`: money paid (invoices and token purchases), MRR and
 * plans of the subscriptions live at the month's end, and churn (cancelled in the month over live at its start).
 * Live means created before and not cancelled before; the amount is the subscription's current one (the tables keep
 * no price history).
 */
export async function revenueByMonth(db: Db, months: number, now: Date): Promise<RevenueResponse> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const [paid, subsResult, tiers] = await Promise.all([
    db.execute(sql`select to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM') as month, kind, sum(amount_cents)::int as cents from (
        select coalesce(paid_at, created_at) as at, amount_cents - tax_cents as amount_cents, 'invoice' as kind from invoices where status = 'paid' and provider_subscription_id is not null
        union all select coalesce(completed_at, created_at), amount_cents, 'tokens' from token_purchases where status = 'paid'
      ) as p where at >= ${first.toISOString()}::timestamptz and at < ${now.toISOString()}::timestamptz group by 1, 2`),
    db.execute(
      sql`select s.tier, s.interval, s.amount_cents, s.status, s.created_at, ${ENDED_AT_SQL('s', now)} as canceled_at from organization_subscriptions as s where s.status <> 'incomplete'`,
    ),
    tierNames(db),
  ]);
  const money = new Map<string, { invoice: number; tokens: number }>();
  for (const r of rowsOf<{ month: string; kind: 'invoice' | 'tokens'; cents: number }>(paid)) {
    const entry = money.get(r.month) ?? { invoice: 0, tokens: 0 };
    entry[r.kind] += num(r.cents);
    money.set(r.month, entry);
  }
  const subs = rowsOf<{ tier: string; interval: string; amount_cents: number; status: string; created_at: string; canceled_at: string | null }>(subsResult).map(
    (s) => ({
      ...s,
      created: new Date(s.created_at).getTime(),
      canceled: s.canceled_at ? new Date(s.canceled_at).getTime() : null,
    }),
  );
  const liveAt = (t: number) => subs.filter((s) => s.created <= t && (s.canceled === null || s.canceled > t));
  const result: RevenueResponse['months'] = [];
  for (let i = 0; i < months; i += 1) {
    const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1);
    const end = Math.min(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i + 1, 1) - 1, now.getTime());
    const key = monthKey(new Date(start));
    const live = liveAt(end);
    const atStart = liveAt(start - 1).length;
    const cancelled = subs.filter((s) => s.canceled !== null && s.canceled >= start && s.canceled <= end).length;
    const plans: Record<string, number> = {};
    for (const s of live) plans[s.tier] = (plans[s.tier] ?? 0) + 1;
    const m = money.get(key) ?? { invoice: 0, tokens: 0 };
    result.push({
      month: key,
      revenueCents: m.invoice + m.tokens,
      subscriptionRevenueCents: m.invoice,
      tokenRevenueCents: m.tokens,
      // MRR_SQL's rule (the Analytics tab's MRR): trialing and unpaid subscriptions are live but not billed.
      mrrCents: live.reduce((total, s) => total + (BILLED_WHILE_LIVE.has(s.status) ? monthly(s) : 0), 0),
      activeAtEnd: live.length,
      cancelled,
      churnRate: percentOf(cancelled, atStart),
      plans,
    });
  }
  return { months: result, tiers: tiers.map((t) => ({ tier: t.tier, displayName: t.displayName })) };
}
