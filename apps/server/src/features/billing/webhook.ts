import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { billingEvents } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { applyBillingEvent, type HandlerResult, type Tx } from './event-handlers';
import { WebhookVerificationError, type BillingWebhookEvent, type ProviderName } from '../../providers/payments/types';
import { webhookVerifiers } from '../../providers/payments/provider';
import { readBillingSettings } from '../../services/billing-settings';
import type { TransactionSend } from '../../jobs/queue';
import type { BillingContext } from './context';
import { cancelReplacedNow, REPLACED_SUBSCRIPTION_QUEUE, type ReplacedSubscription } from './replaced-subscriptions';

export type WebhookOutcome =
  | { status: 'processed'; duplicate: false; eventId: string; provider: ProviderName }
  | { status: 'duplicate'; duplicate: true; eventId: string; provider: ProviderName }
  | { status: 'failed'; duplicate: false; eventId: string; provider: ProviderName; error: string; retry: boolean };

/** Verifies the signature against each configured provider's secret; none matching → 400 and nothing written. */
async function verify(db: Db, config: Config, rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>) {
  const settings = await readBillingSettings(db);
  const verifiers = await webhookVerifiers(db, config);
  let firstError: WebhookVerificationError | null = null;
  for (const verifier of verifiers) {
    try {
      return { provider: verifier.provider, event: verifier.verify(rawBody, headers, settings.webhookToleranceSeconds) };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      // A timestamp outside the window says more than "no secret matched".
      if (!firstError || /tolerance/.test(error.message)) firstError = error;
    }
  }
  throw new AppError('VALIDATION_ERROR', `Webhook signature verification failed: ${firstError?.message ?? 'no signing secret is configured.'}`);
}

const summary = (event: BillingWebhookEvent) => ({ object: event.data.object, created: event.created });

/** The metadata key the admin's Webhook Tester marks its events with (billing-admin/provider-tools.ts). */
export const TEST_EVENT_METADATA = 'parley_test';

/** A Webhook Tester event: not live, and its object marked. Signed like any other, so only a holder of the secret can send one. */
export function isTestEvent(event: BillingWebhookEvent): boolean {
  const metadata = (event.data.object as { metadata?: Record<string, unknown> }).metadata;
  return (event as { livemode?: unknown }).livemode === false && metadata?.[TEST_EVENT_METADATA] === 'true';
}

class TestEventRolledBack extends Error {
  constructor(readonly result: HandlerResult) {
    super('A test event leaves nothing behind.');
  }
}

/**
 * A test event goes through the whole processing path (organization, shape, every write) inside a savepoint that is
 * then rolled back: the tester sees whether processing works, and nobody's billing changes. Its billing_events row
 * is kept (marked is_test), so it shows in the events list; the health figures and alerts leave it out.
 */
async function applyTestEvent(tx: Tx, provider: ProviderName, event: BillingWebhookEvent): Promise<HandlerResult> {
  try {
    await tx.transaction(async (savepoint) => {
      throw new TestEventRolledBack(await applyBillingEvent(savepoint, provider, event));
    });
  } catch (error) {
    if (error instanceof TestEventRolledBack) return { ...error.result, outcome: `test event, rolled back: ${error.result.outcome}` };
    throw error;
  }
  throw new Error('A test event was not rolled back.');
}

/**
 * POST /api/webhooks/stripe, and the sandbox's deliveries: verify, then process each (provider, event id) exactly
 * once. The event's effects and its billing_events row commit in one transaction under an advisory lock on the
 * event id, so a second delivery (even a concurrent one) waits and then finds it processed. A failure rolls the
 * effects back and records the event as failed with its error; a later delivery tries again.
 */
export async function handleBillingWebhook(
  billing: BillingContext,
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined>,
  /** The request's log; also the log of what cancelling a replaced subscription emits through the sandbox. */
  log: FastifyBaseLogger = billing.log,
): Promise<WebhookOutcome> {
  const { db, config } = billing;
  const { provider, event } = await verify(db, config, rawBody, headers);
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data || typeof event.data.object !== 'object') {
    throw new AppError('VALIDATION_ERROR', 'The webhook payload is not an event (id, type and data.object are required).');
  }
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const key = `billing-event:${provider}:${event.id}`;

  let row: typeof billingEvents.$inferSelect | undefined;
  let replaced: ReplacedSubscription[] = [];
  const jobs = billing.jobs();
  const inTransaction = <R>(write: (tx: Tx, send: TransactionSend | null) => Promise<R>): Promise<R> =>
    jobs ? jobs.transaction(db, [REPLACED_SUBSCRIPTION_QUEUE], (tx, send) => write(tx as unknown as Tx, send)) : db.transaction((tx) => write(tx, null));
  try {
    row = await inTransaction(async (tx, send) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const [existing] = await tx
        .select({ status: billingEvents.status })
        .from(billingEvents)
        .where(and(eq(billingEvents.provider, provider), eq(billingEvents.providerEventId, event.id)));
      if (existing?.status === 'processed') return undefined;
      const result = isTestEvent(event) ? await applyTestEvent(tx, provider, event) : await applyBillingEvent(tx, provider, event);
      // Test events are rolled back: they replace nothing.
      replaced = isTestEvent(event) ? [] : (result.replaced ?? []);
      if (send) for (const job of replaced) await send(REPLACED_SUBSCRIPTION_QUEUE, job);
      const processingTimeMs = elapsed();
      const values = {
        provider,
        providerEventId: event.id,
        eventType: event.type,
        organizationId: result.organizationId,
        userId: result.userId,
        data: { ...summary(event), outcome: result.outcome, processing_time_ms: processingTimeMs },
        isTest: isTestEvent(event),
        status: 'processed' as const,
        error: null,
        processingTimeMs,
        processedAt: new Date(),
      };
      const [written] = await tx
        .insert(billingEvents)
        .values(values)
        .onConflictDoUpdate({ target: [billingEvents.provider, billingEvents.providerEventId], set: values })
        .returning();
      return written;
    });
  } catch (error) {
    const permanent = error instanceof AppError || (error instanceof Error && error.name === 'ZodError');
    const message =
      error instanceof AppError
        ? error.message
        : error instanceof Error && error.name === 'ZodError'
          ? 'The event object is not in the expected shape.'
          : 'Processing failed; see the server log.';
    log.error({ err: error, eventId: event.id, eventType: event.type, provider }, 'billing webhook processing failed');
    const processingTimeMs = elapsed();
    const values = {
      provider,
      providerEventId: event.id,
      eventType: event.type,
      data: { ...summary(event), error: message, processing_time_ms: processingTimeMs },
      isTest: isTestEvent(event),
      status: 'failed' as const,
      error: message,
      processingTimeMs,
      processedAt: null,
    };
    // Never overwrite a processed row (a concurrent delivery may have succeeded meanwhile).
    const [failed] = await db
      .insert(billingEvents)
      .values(values)
      .onConflictDoUpdate({
        target: [billingEvents.provider, billingEvents.providerEventId],
        set: values,
        setWhere: sql`${billingEvents.status} <> 'processed'`,
      })
      .returning();
    if (failed) await notify(billing, failed, log);
    // A bad event is answered 200 (retrying cannot help); anything else 500, so the provider delivers it again.
    return { status: 'failed', duplicate: false, eventId: event.id, provider, error: message, retry: !permanent };
  }
  if (!row) return { status: 'duplicate', duplicate: true, eventId: event.id, provider };
  if (!jobs) await cancelReplacedNow(billing, replaced, log);
  await notify(billing, row, log);
  return { status: 'processed', duplicate: false, eventId: event.id, provider };
}

async function notify(billing: BillingContext, row: typeof billingEvents.$inferSelect, log: FastifyBaseLogger) {
  for (const error of await billing.notifyEventProcessed(row)) log.warn({ err: error, eventId: row.providerEventId }, 'billing event listener failed');
}
