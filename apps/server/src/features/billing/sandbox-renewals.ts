import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sandboxCustomers, sandboxInvoices, sandboxSubscriptions } from '../../db/schema/index';
import { sandboxNow } from '../../providers/payments/sandbox/clock';
import { deliverSandboxEvents, emitSandboxEvent } from '../../providers/payments/sandbox/events';
import { addInterval } from '../../providers/payments/sandbox/ids';
import { attemptSandboxCharge, createSandboxInvoice } from '../../providers/payments/sandbox/ledger';
import { subscriptionObject } from '../../providers/payments/sandbox/objects';
import type { BillingContext } from './context';

export interface RenewalRun {
  renewed: number;
  failed: number;
  canceled: number;
  retried: number;
}

/** Upper bound of steps in one run (a clock moved years ahead renews month by month). */
const MAX_STEPS = 500;

/**
 * Everything due at the sandbox clock: subscriptions whose period ended renew (a new invoice charged to the saved
 * card) or end (cancel_at_period_end), and failed invoices whose retry is due are charged again. Each step is its own
 * transaction with the row locked, so two nodes running this at once do each step once. Events are delivered after.
 */
/** An invoice of a canceled subscription is never charged again (Stripe stops collecting when a subscription ends). */
const notOfEndedSubscription = sql`not exists (select 1 from ${sandboxSubscriptions} where ${sandboxSubscriptions.id} = ${sandboxInvoices.subscriptionId} and ${sandboxSubscriptions.status} = 'canceled')`;

export async function runSandboxRenewals(billing: BillingContext, log?: FastifyBaseLogger): Promise<RenewalRun> {
  const { db, config } = billing;
  const run: RenewalRun = { renewed: 0, failed: 0, canceled: 0, retried: 0 };
  const now = await sandboxNow(db);
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const did = await db.transaction(async (tx) => {
      // Retries first, oldest due first: a retry due before the next renewal happens before it.
      const [retry] = await tx
        .select()
        .from(sandboxInvoices)
        .where(and(eq(sandboxInvoices.status, 'open'), lte(sandboxInvoices.nextAttemptAt, now), notOfEndedSubscription))
        .orderBy(asc(sandboxInvoices.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [sub] = await tx
        .select()
        .from(sandboxSubscriptions)
        .where(and(inArray(sandboxSubscriptions.status, ['active', 'trialing', 'past_due', 'unpaid']), lte(sandboxSubscriptions.currentPeriodEnd, now)))
        .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
        .limit(1)
        .for('update', { skipLocked: true });
      if (retry && (!sub || retry.nextAttemptAt! <= sub.currentPeriodEnd)) {
        const { paid } = await attemptSandboxCharge(tx, config, retry, { now: retry.nextAttemptAt! });
        run.retried += 1;
        if (!paid) run.failed += 1;
        return true;
      }
      if (!sub) return false;
      const at = sub.currentPeriodEnd;
      const [customer] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, sub.customerId));
      // A trial started without a card (decisions/0023-billing-settings.md) ends with the trial unless a card was added in the portal.
      const trialWithoutCard = sub.status === 'trialing' && !customer?.cardLast4;
      if (sub.cancelAtPeriodEnd || sub.status === 'unpaid' || trialWithoutCard) {
        const [canceled] = await tx
          .update(sandboxSubscriptions)
          .set({ status: 'canceled', canceledAt: at, updatedAt: new Date() })
          .where(eq(sandboxSubscriptions.id, sub.id))
          .returning();
        await emitSandboxEvent(tx, 'customer.subscription.deleted', subscriptionObject(canceled!), at);
        run.canceled += 1;
        return true;
      }
      const periodEnd = addInterval(at, sub.interval);
      const [renewed] = await tx
        .update(sandboxSubscriptions)
        .set({ currentPeriodStart: at, currentPeriodEnd: periodEnd, updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(renewed!), at);
      const invoice = await createSandboxInvoice(tx, {
        customer: customer!,
        subscriptionId: sub.id,
        description: `${sub.tier.charAt(0).toUpperCase()}${sub.tier.slice(1)} plan, ${sub.interval === 'year' ? 'annual' : 'monthly'} renewal`,
        amountCents: sub.amountCents,
        currency: sub.currency,
        periodStart: at,
        periodEnd,
        now: at,
      });
      const { paid } = await attemptSandboxCharge(tx, config, invoice, { now: at });
      run.renewed += 1;
      if (!paid) run.failed += 1;
      return true;
    });
    if (!did) break;
  }
  await deliverSandboxEvents(db, config, billing.sandboxSink(log));
  return run;
}

export const SANDBOX_RENEWAL_QUEUE = 'billing-sandbox-renewals';
const RENEWAL_EVERY_MS = 60_000;

/**
 * On a running server: a durable job (pg-boss) runs the renewals every minute, one node at a time; the minute's
 * singleton key keeps several nodes from queueing the same run twice in practice, and each step is idempotent anyway.
 */
export async function startSandboxRenewalWorker(app: FastifyInstance): Promise<() => void> {
  const jobs = app.jobs;
  if (!jobs) return () => {};
  await jobs.work<{ at: string }>(SANDBOX_RENEWAL_QUEUE, { concurrency: 1, pollingIntervalSeconds: 10 }, async () => {
    const run = await runSandboxRenewals(app.billing);
    if (run.renewed + run.retried + run.canceled > 0) app.log.info(run, 'sandbox billing: renewals run');
  });
  const enqueue = () => {
    const minute = new Date(Math.floor(Date.now() / RENEWAL_EVERY_MS) * RENEWAL_EVERY_MS).toISOString();
    jobs
      .send(SANDBOX_RENEWAL_QUEUE, { at: minute }, { singletonKey: minute })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox renewal job not queued'));
  };
  const timer = setInterval(enqueue, RENEWAL_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
