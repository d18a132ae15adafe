import { BILLING_MESSAGES, type PayResult, type SandboxCard, type SandboxCheckoutSession } from '@parley/shared/contracts/billing';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { organizationSubscriptions, sandboxCheckoutSessions, sandboxCustomers, sandboxSubscriptions } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import { readBillingSettings } from '../../../services/billing-settings';
import { assertExpiryInFuture, cardBehaviour } from './cards';
import { sandboxNow } from './clock';
import { deliverSandboxEvents, emitSandboxEvent, type SandboxEventSink } from './events';
import { addInterval, sandboxId } from './ids';
import { attemptSandboxCharge, createSandboxInvoice, ensureSandboxCustomer, sandboxTaxCents } from './ledger';
import { checkoutSessionObject, subscriptionObject } from './objects';

type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** A hosted checkout session lives a day, like Stripe's. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function createSandboxCheckoutSession(
  db: Db,
  config: Config,
  input: Omit<typeof sandboxCheckoutSessions.$inferInsert, 'id' | 'status' | 'expiresAt' | 'createdAt'>,
): Promise<{ id: string; url: string }> {
  const now = await sandboxNow(db);
  const id = sandboxId('cs');
  await db.insert(sandboxCheckoutSessions).values({ ...input, id, status: 'open', expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
  return { id, url: `${config.publicUrl}/checkout/sandbox/${id}` };
}

async function loadSession(db: Db, sessionId: string, userId: string): Promise<SessionRow> {
  const [session] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
  // Someone else's session is as unknown as a missing one.
  if (!session || session.userId !== userId) throw new AppError('NOT_FOUND', 'Checkout session not found.');
  return session;
}

/**
 * The trial a subscription checkout gets if it is completed now: the billing settings' trial_days when the
 * organization never had a subscription (in Parley's mirror or in the sandbox), else none; and whether it needs a card.
 */
async function sessionTrial(tx: Tx | Db, session: SessionRow): Promise<{ days: number; cardRequired: boolean }> {
  const settings = await readBillingSettings(tx);
  if (session.mode !== 'subscription' || settings.trialDays <= 0) return { days: 0, cardRequired: true };
  const [hadOne] = await tx
    .select({ id: organizationSubscriptions.id })
    .from(organizationSubscriptions)
    .where(eq(organizationSubscriptions.organizationId, session.organizationId))
    .limit(1);
  const [hadSandbox] = await tx
    .select({ id: sandboxSubscriptions.id })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.organizationId, session.organizationId))
    .limit(1);
  if (hadOne || hadSandbox) return { days: 0, cardRequired: true };
  return { days: settings.trialDays, cardRequired: settings.trialRequiresPaymentMethod };
}

export function toSessionView(
  session: SessionRow,
  now: Date,
  terms: { trialDays: number; cardRequired: boolean; taxCents: number } = { trialDays: 0, cardRequired: true, taxCents: 0 },
): SandboxCheckoutSession {
  const expired = session.status !== 'complete' && session.expiresAt <= now;
  return {
    id: session.id,
    mode: session.mode,
    description: session.description,
    amountCents: session.amountCents,
    currency: session.currency,
    interval: session.interval,
    customerEmail: session.customerEmail,
    status: expired ? 'expired' : session.status,
    declineMessage: session.declineMessage,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    ...terms,
  };
}

export async function getSandboxCheckoutSession(db: Db, sessionId: string, userId: string): Promise<SandboxCheckoutSession> {
  const session = await loadSession(db, sessionId, userId);
  const trial = await sessionTrial(db, session);
  const taxCents = sandboxTaxCents(await readBillingSettings(db), session.amountCents);
  return toSessionView(session, await sandboxNow(db), { trialDays: trial.days, cardRequired: trial.cardRequired, taxCents });
}

async function assertPayable(db: Db, session: SessionRow, allowed: SessionRow['status'][]): Promise<Date> {
  const now = await sandboxNow(db);
  if (session.status === 'complete') throw new AppError('CONFLICT', BILLING_MESSAGES.sessionComplete);
  if (session.expiresAt <= now || session.status === 'expired') throw new AppError('GONE', BILLING_MESSAGES.sessionExpired);
  if (!allowed.includes(session.status)) throw new AppError('CONFLICT', 'This checkout is waiting for another step.');
  return now;
}

/** The test-card form: succeeds, is declined, or asks for the confirm step (3-D Secure). */
export async function paySandboxCheckout(
  db: Db,
  config: Config,
  input: { sessionId: string; userId: string; card: Required<Pick<SandboxCard, 'cardNumber' | 'expiry' | 'cvc'>> },
  sink: SandboxEventSink,
): Promise<PayResult> {
  const session = await loadSession(db, input.sessionId, input.userId);
  const now = await assertPayable(db, session, ['open']);
  assertExpiryInFuture(input.card.expiry, now);
  const behaviour = cardBehaviour(input.card.cardNumber);
  const last4 = input.card.cardNumber.slice(-4);
  if (behaviour === 'declined') {
    await db
      .update(sandboxCheckoutSessions)
      .set({ declineMessage: BILLING_MESSAGES.cardDeclined, cardLast4: last4 })
      .where(eq(sandboxCheckoutSessions.id, session.id));
    return { status: 'declined', message: BILLING_MESSAGES.cardDeclined, redirectUrl: null };
  }
  if (behaviour === 'requires_action') {
    await db
      .update(sandboxCheckoutSessions)
      .set({ status: 'requires_action', declineMessage: null, cardLast4: last4 })
      .where(and(eq(sandboxCheckoutSessions.id, session.id), eq(sandboxCheckoutSessions.status, 'open')));
    return { status: 'requires_action', message: 'Your bank asks you to confirm this payment.', redirectUrl: null };
  }
  return completeSandboxCheckout(db, config, session, { last4, failRenewals: behaviour === 'fails_later', now }, sink);
}

/**
 * A trial that needs no payment method (billing_settings.trial_requires_payment_method off) starts without a card;
 * when the trial ends without one, the subscription ends (sandbox/renewals.ts), as Stripe's missing_payment_method: cancel.
 */
export async function startSandboxTrialWithoutCard(
  db: Db,
  config: Config,
  input: { sessionId: string; userId: string },
  sink: SandboxEventSink,
): Promise<PayResult> {
  const session = await loadSession(db, input.sessionId, input.userId);
  const now = await assertPayable(db, session, ['open']);
  const trial = await sessionTrial(db, session);
  if (trial.days === 0) throw new AppError('CONFLICT', 'This checkout has no trial: pay with a card.');
  if (trial.cardRequired) throw new AppError('CONFLICT', 'This trial needs a payment method: enter a card.');
  return completeSandboxCheckout(db, config, session, { last4: null, failRenewals: false, now }, sink);
}

/** The confirm step of 4000 0025 0000 3155: approve completes the payment, refuse returns to the form. */
export async function confirmSandboxCheckout(
  db: Db,
  config: Config,
  input: { sessionId: string; userId: string; approve: boolean },
  sink: SandboxEventSink,
): Promise<PayResult> {
  const session = await loadSession(db, input.sessionId, input.userId);
  const now = await assertPayable(db, session, ['requires_action']);
  if (!input.approve) {
    const message = 'The payment was not confirmed. Try again or use another card.';
    await db.update(sandboxCheckoutSessions).set({ status: 'open', declineMessage: message }).where(eq(sandboxCheckoutSessions.id, session.id));
    return { status: 'declined', message, redirectUrl: null };
  }
  return completeSandboxCheckout(db, config, session, { last4: session.cardLast4 ?? '3155', failRenewals: false, now }, sink);
}

/**
 * The payment went through: save the card on the customer, start the subscription (with the trial of the billing
 * settings for an organization that never had one) or take the one-time payment, write the paid invoice, and emit
 * customer.subscription.created, invoice.paid and checkout.session.completed, delivered after commit.
 */
async function completeSandboxCheckout(
  db: Db,
  config: Config,
  session: SessionRow,
  card: { last4: string | null; failRenewals: boolean; now: Date },
  sink: SandboxEventSink,
): Promise<PayResult> {
  const now = card.now;
  const completed = await db.transaction(async (tx) => {
    // Claim the session: a double click or a second tab completes it once.
    const [claimed] = await tx
      .update(sandboxCheckoutSessions)
      .set({ status: 'complete', completedAt: now, cardLast4: card.last4, declineMessage: null })
      .where(and(eq(sandboxCheckoutSessions.id, session.id), inArray(sandboxCheckoutSessions.status, ['open', 'requires_action'])))
      .returning();
    if (!claimed) return false;
    const base = await ensureSandboxCustomer(tx, session.organizationId, session.customerEmail);
    // Without a card (a trial that needs none) the customer keeps what it had.
    const [customer] = card.last4
      ? await tx.update(sandboxCustomers).set({ cardLast4: card.last4, failRenewals: card.failRenewals }).where(eq(sandboxCustomers.id, base.id)).returning()
      : [base];

    let subscriptionId: string | null = null;
    let invoiceId: string | null = null;
    let amountTotal = session.amountCents;
    if (session.mode === 'subscription') {
      const interval = session.interval ?? 'month';
      const { days: trialDays } = await sessionTrial(tx, session);
      const trial = trialDays > 0;
      // Checked again under the claim: without a card only a trial can start (the rolled-back claim reopens the session).
      if (!card.last4 && !trial) throw new AppError('CONFLICT', 'This checkout has no trial: pay with a card.');
      const periodEnd = trial ? new Date(now.getTime() + trialDays * 86_400_000) : addInterval(now, interval);
      const [sub] = await tx
        .insert(sandboxSubscriptions)
        .values({
          id: sandboxId('sub'),
          customerId: customer!.id,
          organizationId: session.organizationId,
          tier: session.tier!,
          interval,
          amountCents: session.amountCents,
          currency: session.currency,
          status: trial ? 'trialing' : 'active',
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          createdAt: now,
        })
        .returning();
      subscriptionId = sub!.id;
      await emitSandboxEvent(tx, 'customer.subscription.created', subscriptionObject(sub!), now);
      const invoice = await createSandboxInvoice(tx, {
        customer: customer!,
        subscriptionId,
        description: trial ? `${session.description} — ${trialDays}-day trial` : session.description,
        amountCents: trial ? 0 : session.amountCents,
        currency: session.currency,
        periodStart: now,
        periodEnd,
        now,
      });
      invoiceId = invoice.id;
      amountTotal = invoice.amountCents;
      await attemptSandboxCharge(tx, config, invoice, { now, forceSucceed: true });
      await tx.update(sandboxCheckoutSessions).set({ subscriptionId }).where(eq(sandboxCheckoutSessions.id, session.id));
    } else {
      const invoice = await createSandboxInvoice(tx, {
        customer: customer!,
        subscriptionId: null,
        description: session.description,
        amountCents: session.amountCents,
        currency: session.currency,
        now,
      });
      invoiceId = invoice.id;
      amountTotal = invoice.amountCents;
      await attemptSandboxCharge(tx, config, invoice, { now, forceSucceed: true });
    }
    await emitSandboxEvent(
      tx,
      'checkout.session.completed',
      checkoutSessionObject(session, customer!.id, { subscriptionId, invoiceId, paymentIntent: sandboxId('pi'), amountTotal }),
      now,
    );
    return true;
  });
  if (!completed) throw new AppError('CONFLICT', BILLING_MESSAGES.sessionComplete);
  await deliverSandboxEvents(db, config, sink);
  return { status: 'complete', message: null, redirectUrl: session.successUrl };
}
