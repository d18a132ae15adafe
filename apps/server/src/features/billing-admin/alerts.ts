import { PAYMENT_FAILURE_DESTRUCTIVE_PER_DAY, WEBHOOK_FAILURE_DESTRUCTIVE } from '@parley/shared/billing-health';
import { BILLING_LIST_SIZE, type BillingAlert, type BillingAlertKind } from '@parley/shared/contracts/billing-admin';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stripeAlerts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import { CURRENT_SUBSCRIPTIONS, paymentFailures, webhookHealth } from './monitoring';

type AlertRow = typeof stripeAlerts.$inferSelect;
type Severity = AlertRow['severity'];

const toAlert = (r: AlertRow): BillingAlert => ({
  id: r.id,
  kind: r.kind,
  subject: typeof r.data.subject === 'string' ? r.data.subject : '',
  severity: r.severity,
  title: r.title,
  description: r.description,
  triggeredAt: r.triggeredAt.toISOString(),
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
  resolvedBy: r.resolvedBy,
  resolutionNotes: r.resolutionNotes,
});

interface AlertInput {
  kind: BillingAlertKind;
  /** What the alert is about ('all', or a subscription id): one open alert per kind and subject. */
  subject: string;
  severity: Severity;
  title: string;
  description: string;
  data?: Record<string, unknown>;
}

/**
 * Raises an alert unless one of the same kind and subject is still unresolved (spec §4: an alert stays until an admin
 * resolves it; it is not raised again meanwhile). The advisory lock keeps two processes, or two events processed at
 * once, from both raising it.
 */
export async function raiseBillingAlert(db: Db, input: AlertInput, now = new Date()): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-alert:${input.kind}:${input.subject}`}))`);
    const [open] = await tx
      .select({ id: stripeAlerts.id })
      .from(stripeAlerts)
      .where(and(eq(stripeAlerts.kind, input.kind), sql`${stripeAlerts.data}->>'subject' = ${input.subject}`, isNull(stripeAlerts.resolvedAt)))
      .limit(1);
    if (open) return { id: open.id, created: false };
    const [created] = await tx
      .insert(stripeAlerts)
      .values({
        kind: input.kind,
        severity: input.severity,
        title: input.title,
        description: input.description,
        data: { ...(input.data ?? {}), subject: input.subject },
        triggeredAt: now,
      })
      .returning({ id: stripeAlerts.id });
    return { id: created!.id, created: true };
  });
}

/**
 * Spec §9 alert generation, run after every processed billing event: payment failures above 3 in an hour, webhook
 * processing failures, and each past-due or unpaid subscription. Each is raised once while unresolved.
 */
export async function evaluateBillingAlerts(db: Db, now = new Date()): Promise<number> {
  let raised = 0;
  const count = (result: { created: boolean }) => (raised += result.created ? 1 : 0);

  const failures = await paymentFailures(db, now);
  if (failures.alert) {
    count(
      await raiseBillingAlert(
        db,
        {
          kind: 'payment_failures',
          subject: 'all',
          severity: failures.h24 > PAYMENT_FAILURE_DESTRUCTIVE_PER_DAY ? 'critical' : 'high',
          title: 'Payment failures above threshold',
          description: `${failures.h1} payments failed in the last hour (alert above 3); ${failures.h24} in the last 24 hours.`,
          data: { h1: failures.h1, h24: failures.h24 },
        },
        now,
      ),
    );
  }

  const webhooks = await webhookHealth(db, now);
  if (webhooks.failed > 0) {
    count(
      await raiseBillingAlert(
        db,
        {
          kind: 'webhook_failures',
          subject: 'all',
          severity: webhooks.failed > WEBHOOK_FAILURE_DESTRUCTIVE ? 'high' : 'medium',
          title: 'Webhook processing failures',
          description: `${webhooks.failed} of ${webhooks.total} billing webhook events failed to process in the last 24 hours (${webhooks.failureRate}%). See Activity Logs for the errors.`,
          data: { failed: webhooks.failed, total: webhooks.total },
        },
        now,
      ),
    );
  }

  const troubled = await db.execute(
    sql`select s.id, s.status, s.tier, s.organization_id, o.name from ${CURRENT_SUBSCRIPTIONS} as s join organizations o on o.id = s.organization_id where s.status in ('past_due', 'unpaid')`,
  );
  for (const sub of (troubled as unknown as { rows: { id: string; status: string; tier: string; organization_id: string; name: string }[] }).rows) {
    count(
      await raiseBillingAlert(
        db,
        {
          kind: 'past_due_subscription',
          subject: sub.id,
          severity: sub.status === 'unpaid' ? 'high' : 'medium',
          title: sub.status === 'unpaid' ? 'Subscription unpaid' : 'Subscription past due',
          description: `The ${sub.tier} subscription of ${sub.name} is ${sub.status === 'unpaid' ? 'unpaid' : 'past due'}: a renewal payment failed.`,
          data: { organizationId: sub.organization_id, status: sub.status },
        },
        now,
      ),
    );
  }
  return raised;
}

/** Spec §7: the 50 unresolved alerts, newest first. */
export async function listOpenBillingAlerts(db: Db): Promise<BillingAlert[]> {
  const rows = await db
    .select()
    .from(stripeAlerts)
    .where(isNull(stripeAlerts.resolvedAt))
    .orderBy(desc(stripeAlerts.triggeredAt))
    .limit(BILLING_LIST_SIZE.alerts);
  return rows.map(toAlert);
}

/** Spec §4/§7: resolved_at, resolved_by and optional resolution_notes; the activity entry in the same transaction. */
export async function resolveBillingAlert(
  db: Db,
  input: { id: string; notes?: string | undefined; actorId: string },
  context: { ipAddress: string; userAgent: string | null },
): Promise<BillingAlert> {
  return db.transaction(async (tx) => {
    const [alert] = await tx.select().from(stripeAlerts).where(eq(stripeAlerts.id, input.id)).for('update');
    if (!alert) throw new AppError('NOT_FOUND', 'Alert not found.');
    if (alert.resolvedAt) throw new AppError('CONFLICT', 'This alert is already resolved.');
    const notes = input.notes?.trim() || null;
    const [updated] = await tx
      .update(stripeAlerts)
      .set({ resolvedAt: new Date(), resolvedBy: input.actorId, resolutionNotes: notes })
      .where(eq(stripeAlerts.id, input.id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'billing_alert_resolved',
        resourceType: 'stripe_alert',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { kind: alert.kind, title: alert.title, notes },
      },
      context,
    );
    return toAlert(updated!);
  });
}
