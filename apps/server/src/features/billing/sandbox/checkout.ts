import { BILLING_MESSAGES, type PayResult, type SandboxCard, type SandboxCheckoutSession } from '@parley/shared/contracts/billing';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { organizationSubscriptions, sandboxCheckoutSessions, sandboxCustomers, sandboxSubscriptions } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import { readBillingSettings } from '../settings';
import { assertExpiryInFuture, cardBehaviour } from './cards';
import { sandboxNow } from './clock';
import { deliverSandboxEvents, emitSandboxEvent } from './events';
import { addInterval, sandboxId } from './ids';
import { attemptSandboxCharge, cancelOtherSubscriptions, createSandboxInvoice, ensureSandboxCustomer } from './ledger';
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

export function toSessionView(session: SessionRow, now: Date): SandboxCheckoutSession {
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
  };
}

export async function getSandboxCheckoutSession(db: Db, sessionId: string, userId: string): Promise<SandboxCheckoutSession> {
  return toSessionView(await loadSession(db, sessionId, userId), await sandboxNow(db));
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
  log?: FastifyBaseLogger,
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
  return completeSandboxCheckout(db, config, session, { last4, failRenewals: behaviour === 'fails_later', now }, log);
}

/** The confirm step of 4000 0025 0000 3155: approve completes the payment, refuse returns to the form. */
export async function confirmSandboxCheckout(
  db: Db,
  config: Config,
  input: { sessionId: string; userId: string; approve: boolean },
  log?: FastifyBaseLogger,
): Promise<PayResult> {
  const session = await loadSession(db, input.sessionId, input.userId);
  const now = await assertPayable(db, session, ['requires_action']);
  if (!input.approve) {
    const message = 'The payment was not confirmed. Try again or use another card.';
    await db.update(sandboxCheckoutSessions).set({ status: 'open', declineMessage: message }).where(eq(sandboxCheckoutSessions.id, session.id));
    return { status: 'declined', message, redirectUrl: null };
  }
  return completeSandboxCheckout(db, config, session, { last4: session.cardLast4 ?? '3155', failRenewals: false, now }, log);
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
  card: { last4: string; failRenewals: boolean; now: Date },
  log?: FastifyBaseLogger,
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
    const [customer] = await tx
      .update(sandboxCustomers)
      .set({ cardLast4: card.last4, failRenewals: card.failRenewals })
      .where(eq(sandboxCustomers.id, base.id))
      .returning();

    let subscriptionId: string | null = null;
    let invoiceId: string | null = null;
    if (session.mode === 'subscription') {
      const interval = session.interval ?? 'month';
      const settings = await readBillingSettings(tx);
      const [hadOne] = await tx
        .select({ id: organizationSubscriptions.id })
        .from(organizationSubscriptions)
        .where(eq(organizationSubscriptions.organizationId, session.organizationId))
        .limit(1);
      const [hadSandbox] = await tx
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.customerId, customer!.id))
        .limit(1);
      const trial = settings.trialDays > 0 && !hadOne && !hadSandbox;
      const periodEnd = trial ? new Date(now.getTime() + settings.trialDays * 86_400_000) : addInterval(now, interval);
      await cancelOtherSubscriptions(tx, customer!.id, null, now);
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
        description: trial ? `${session.description} — ${settings.trialDays}-day trial` : session.description,
        amountCents: trial ? 0 : session.amountCents,
        currency: session.currency,
        periodStart: now,
        periodEnd,
        now,
      });
      invoiceId = invoice.id;
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
      await attemptSandboxCharge(tx, config, invoice, { now, forceSucceed: true });
    }
    await emitSandboxEvent(
      tx,
      'checkout.session.completed',
      checkoutSessionObject(session, customer!.id, { subscriptionId, invoiceId, paymentIntent: sandboxId('pi') }),
      now,
    );
    return true;
  });
  if (!completed) throw new AppError('CONFLICT', BILLING_MESSAGES.sessionComplete);
  await deliverSandboxEvents(db, config, log);
  return { status: 'complete', message: null, redirectUrl: session.successUrl };
}
