import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { billingSettings, organizationMembers, sandboxCustomers, sandboxInvoices, sandboxSubscriptions, users } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import { readBillingSettings } from '../../../services/billing-settings';
import { emitSandboxEvent } from './events';
import { sandboxId } from './ids';
import { invoiceObject, subscriptionObject } from './objects';

/**
 * The sandbox's bookkeeping (what Stripe does on its side): customers, invoices numbered from the billing settings,
 * charges against the saved test card, subscription state changes, each emitting its Stripe-shaped event.
 */

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoice = typeof sandboxInvoices.$inferSelect;

/** The organization's sandbox customer, created on first use with the owner's e-mail. */
export async function ensureSandboxCustomer(tx: Tx | Db, organizationId: string, email?: string): Promise<typeof sandboxCustomers.$inferSelect> {
  const [existing] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.organizationId, organizationId));
  if (existing) return existing;
  let address = email;
  if (!address) {
    const [owner] = await tx
      .select({ email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
      .limit(1);
    address = owner?.email ?? '';
  }
  await tx
    .insert(sandboxCustomers)
    .values({ id: sandboxId('cus'), organizationId, email: address })
    .onConflictDoNothing();
  return (await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.organizationId, organizationId)))[0]!;
}

/** The next invoice number (prefix + counter from the billing settings), taken atomically. */
async function nextInvoiceNumber(tx: Tx): Promise<string> {
  const [row] = await tx
    .update(billingSettings)
    .set({ nextInvoiceNumber: sql`${billingSettings.nextInvoiceNumber} + 1` })
    .where(eq(billingSettings.id, 1))
    .returning({ prefix: billingSettings.invoicePrefix, next: billingSettings.nextInvoiceNumber });
  if (!row) {
    await readBillingSettings(tx);
    return nextInvoiceNumber(tx);
  }
  return `${row.prefix}${row.next - 1}`;
}

/** The tax of an amount at the billing settings' rate when tax is enabled (rounded to the cent), else 0. */
export function sandboxTaxCents(settings: { taxEnabled: boolean; taxRateBasisPoints: number }, amountCents: number): number {
  return settings.taxEnabled ? Math.round((amountCents * settings.taxRateBasisPoints) / 10_000) : 0;
}

/** An open invoice for the amount plus the tax of the billing settings at the time it is issued. */
export async function createSandboxInvoice(
  tx: Tx,
  input: {
    customer: typeof sandboxCustomers.$inferSelect;
    subscriptionId: string | null;
    description: string;
    amountCents: number;
    currency: string;
    periodStart?: Date | null;
    periodEnd?: Date | null;
    now: Date;
  },
): Promise<SandboxInvoice> {
  const settings = await readBillingSettings(tx);
  const taxCents = sandboxTaxCents(settings, input.amountCents);
  const [invoice] = await tx
    .insert(sandboxInvoices)
    .values({
      id: sandboxId('in'),
      number: await nextInvoiceNumber(tx),
      customerId: input.customer.id,
      organizationId: input.customer.organizationId,
      subscriptionId: input.subscriptionId,
      description: input.description,
      customerEmail: input.customer.email,
      subtotalCents: input.amountCents,
      taxCents,
      amountCents: input.amountCents + taxCents,
      currency: input.currency,
      status: 'open',
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      dueAt: new Date(input.now.getTime() + settings.invoiceDueDays * 86_400_000),
      createdAt: input.now,
    })
    .returning();
  return invoice!;
}

export const ENDED_SUBSCRIPTION_INVOICE = 'This invoice belongs to a subscription that has ended; it is not charged again.';

/**
 * One charge attempt of an open invoice against the customer's saved card. Paid: the invoice is paid and the
 * subscription active. Declined: retried every retry_interval_days up to payment_retries times, then the invoice is
 * uncollectible and the subscription unpaid (suspend_after_failures) or left past_due. Emits the events.
 */
export async function attemptSandboxCharge(
  tx: Tx,
  config: Config,
  invoice: SandboxInvoice,
  options: { now: Date; forceSucceed?: boolean },
): Promise<{ paid: boolean }> {
  if (invoice.subscriptionId) {
    const [ofSubscription] = await tx
      .select({ status: sandboxSubscriptions.status })
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, invoice.subscriptionId));
    if (ofSubscription?.status === 'canceled') {
      // The subscription has ended: collection stops, and no retry is left scheduled.
      await tx.update(sandboxInvoices).set({ nextAttemptAt: null }).where(eq(sandboxInvoices.id, invoice.id));
      throw new AppError('CONFLICT', ENDED_SUBSCRIPTION_INVOICE);
    }
  }
  const settings = await readBillingSettings(tx);
  const [customer] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, invoice.customerId));
  // No saved card (a trial started without one): nothing to charge, the attempt fails.
  const paid = options.forceSucceed === true || invoice.amountCents === 0 || (Boolean(customer?.cardLast4) && !(customer?.failRenewals ?? false));
  const attemptCount = invoice.attemptCount + 1;
  const exhausted = attemptCount > settings.paymentRetries;
  const [updated] = await tx
    .update(sandboxInvoices)
    .set(
      paid
        ? { status: 'paid', attemptCount, paidAt: options.now, nextAttemptAt: null }
        : {
            status: exhausted ? 'uncollectible' : 'open',
            attemptCount,
            nextAttemptAt: exhausted ? null : new Date(options.now.getTime() + settings.retryIntervalDays * 86_400_000),
          },
    )
    .where(eq(sandboxInvoices.id, invoice.id))
    .returning();
  await emitSandboxEvent(tx, paid ? 'invoice.paid' : 'invoice.payment_failed', invoiceObject(config, updated!), options.now);

  if (invoice.subscriptionId) {
    const [sub] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, invoice.subscriptionId));
    if (sub && sub.status !== 'canceled') {
      const status: SandboxSubscription['status'] = paid
        ? sub.status === 'trialing' && invoice.amountCents === 0
          ? 'trialing'
          : 'active'
        : exhausted && settings.suspendAfterFailures
          ? 'unpaid'
          : 'past_due';
      if (status !== sub.status) {
        const [changed] = await tx.update(sandboxSubscriptions).set({ status, updatedAt: new Date() }).where(eq(sandboxSubscriptions.id, sub.id)).returning();
        await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed!), options.now);
      }
    }
  }
  return { paid };
}

/**
 * Ends a subscription now, as Stripe's cancel does: the deleted event, and with `prorate` a final invoice crediting
 * the unused part of the period paid for (a negative total, marked paid: the sandbox refunds it to the card).
 */
export async function cancelSandboxSubscriptionNow(tx: Tx, config: Config, sub: SandboxSubscription, options: { now: Date; prorate: boolean }): Promise<void> {
  const { now } = options;
  const [canceled] = await tx
    .update(sandboxSubscriptions)
    .set({ status: 'canceled', canceledAt: now, cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(eq(sandboxSubscriptions.id, sub.id))
    .returning();
  await emitSandboxEvent(tx, 'customer.subscription.deleted', subscriptionObject(canceled!), now);
  const period = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
  const unused = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime());
  // A trial was not paid for, and an unpaid period has nothing to give back.
  if (!options.prorate || sub.status === 'trialing' || sub.status === 'unpaid' || period <= 0 || unused <= 0) return;
  const creditCents = Math.round((sub.amountCents * Math.min(unused, period)) / period);
  if (creditCents <= 0) return;
  const [customer] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, sub.customerId));
  const credit = await createSandboxInvoice(tx, {
    customer: customer!,
    subscriptionId: sub.id,
    description: `Unused time on the ${sub.tier} plan, credited`,
    amountCents: -creditCents,
    currency: sub.currency,
    periodStart: now,
    periodEnd: sub.currentPeriodEnd,
    now,
  });
  const [settled] = await tx
    .update(sandboxInvoices)
    .set({ status: 'paid', paidAt: now, nextAttemptAt: null })
    .where(eq(sandboxInvoices.id, credit.id))
    .returning();
  await emitSandboxEvent(tx, 'invoice.paid', invoiceObject(config, settled!), now);
}
