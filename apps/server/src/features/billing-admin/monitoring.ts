import { billingHealthScore, billingHealthStatus, billingHealthTone, isPaymentFailureAlert, percentOf } from '@parley/shared/billing-health';
import type { BillingHealth, BillingSummary, PaymentFailures, SubscriptionHealth, WebhookHealth } from '@parley/shared/contracts/billing-admin';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents } from '../../db/schema/index';
import { rowsOf } from '../../db/raw-sql';

/** Stripe's event type for a failed charge: what the spec's "payment failures" count (§9). */
export const PAYMENT_FAILED_EVENT = 'invoice.payment_failed';
/** The Webhook Tester's events prove the pipeline works; they are no payments or deliveries, so no figure counts them. */
const LIVE_EVENTS = eq(billingEvents.isTest, false);
/** Webhook health looks at the events of the last 24 hours. */
export const WEBHOOK_HEALTH_WINDOW_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number, now: Date) => new Date(now.getTime() - hours * HOUR_MS);
const num = (value: unknown) => Number(value ?? 0);

/**
 * The current subscription of each organization (its newest row; older rows are history), as a SQL fragment.
 * Every figure about "subscriptions" reads this, so an upgrade does not count twice.
 */
export const CURRENT_SUBSCRIPTIONS = sql`(select distinct on (organization_id) * from organization_subscriptions order by organization_id, created_at desc, id desc)`;

/** Spec §9 windows: payment failures in the last 1 h, 24 h, 7 d and 30 d, and whether the hour is above the alert threshold. */
export async function paymentFailures(db: Db, now = new Date()): Promise<PaymentFailures> {
  const since = (hours: number) => hoursAgo(hours, now).toISOString();
  const [row] = await db
    .select({
      h1: sql`count(*) filter (where ${billingEvents.createdAt} >= ${since(1)}::timestamptz)`.mapWith(Number),
      h24: sql`count(*) filter (where ${billingEvents.createdAt} >= ${since(24)}::timestamptz)`.mapWith(Number),
      d7: sql`count(*) filter (where ${billingEvents.createdAt} >= ${since(24 * 7)}::timestamptz)`.mapWith(Number),
      d30: count(),
    })
    .from(billingEvents)
    .where(and(eq(billingEvents.eventType, PAYMENT_FAILED_EVENT), gte(billingEvents.createdAt, hoursAgo(24 * 30, now)), LIVE_EVENTS));
  const h1 = num(row?.h1);
  return { h1, h24: num(row?.h24), d7: num(row?.d7), d30: num(row?.d30), alert: isPaymentFailureAlert(h1) };
}

/** Current subscriptions by status (spec §4: active, past_due, unpaid, canceled, trialing; a missing status counts as active). */
export async function subscriptionHealth(db: Db): Promise<SubscriptionHealth> {
  const result = await db.execute(sql`select coalesce(status, 'active') as status, count(*)::int as n from ${CURRENT_SUBSCRIPTIONS} as s group by 1`);
  const byStatus = { active: 0, past_due: 0, unpaid: 0, canceled: 0, trialing: 0 };
  for (const row of rowsOf<{ status: string; n: number }>(result)) {
    if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] += num(row.n);
  }
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { total, byStatus };
}

/** Webhook events of the last 24 hours: how many, how many failed, how long they took. */
export async function webhookHealth(db: Db, now = new Date()): Promise<WebhookHealth> {
  const [row] = await db
    .select({
      total: count(),
      failed: sql`count(*) filter (where ${billingEvents.status} = 'failed')`.mapWith(Number),
      avgMs: sql`avg(${billingEvents.processingTimeMs})`.mapWith((v: unknown) => (v === null ? null : Number(v))),
      last: sql`max(${billingEvents.createdAt})`.mapWith((v: unknown) => (v === null ? null : new Date(v as string))),
    })
    .from(billingEvents)
    .where(and(gte(billingEvents.createdAt, hoursAgo(WEBHOOK_HEALTH_WINDOW_HOURS, now)), LIVE_EVENTS));
  const total = num(row?.total);
  const failed = num(row?.failed);
  const avg = row?.avgMs ?? null;
  return {
    windowHours: WEBHOOK_HEALTH_WINDOW_HOURS,
    total,
    failed,
    failureRate: percentOf(failed, total),
    avgProcessingMs: avg === null ? null : Math.round(avg * 10) / 10,
    lastEventAt: row?.last ? row.last.toISOString() : null,
  };
}

/** Spec §9 billing health score with every figure it came from. */
export async function billingHealth(db: Db, now = new Date()): Promise<BillingHealth> {
  const [failures, subscriptions, webhooks] = await Promise.all([paymentFailures(db, now), subscriptionHealth(db), webhookHealth(db, now)]);
  const { score, penalties } = billingHealthScore({
    paymentFailuresLastHour: failures.h1,
    subscriptions: { total: subscriptions.total, pastDue: subscriptions.byStatus.past_due, unpaid: subscriptions.byStatus.unpaid },
    webhooks: { total: webhooks.total, failed: webhooks.failed },
  });
  return { score, status: billingHealthStatus(score), tone: billingHealthTone(score), penalties, paymentFailures: failures, subscriptions, webhooks };
}

/** Spec §2 summary tiles. */
export async function billingSummary(db: Db, now = new Date()): Promise<BillingSummary> {
  const [[events], [failed], subscriptions] = await Promise.all([
    db
      .select({ total: count(), failed: sql`count(*) filter (where ${billingEvents.status} = 'failed')`.mapWith(Number) })
      .from(billingEvents)
      .where(LIVE_EVENTS),
    db
      .select({ n: count() })
      .from(billingEvents)
      .where(and(eq(billingEvents.eventType, PAYMENT_FAILED_EVENT), gte(billingEvents.createdAt, hoursAgo(24 * 30, now)), LIVE_EVENTS)),
    subscriptionHealth(db),
  ]);
  const total = num(events?.total);
  return {
    activeSubscriptions: subscriptions.byStatus.active,
    totalEvents: total,
    failedPayments30d: num(failed?.n),
    successRate: total === 0 ? 100 : percentOf(total - num(events?.failed), total),
  };
}
