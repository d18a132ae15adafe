import { createHmac } from 'node:crypto';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { sandboxEvents } from '../../../db/schema/index';
import { sandboxWebhookSecret } from '../../../services/billing-settings';
import { monotonicNow, sandboxId, unix } from './ids';

type Writer = Pick<Db, 'insert'>;

/** What processing a delivered event came to (billing's webhook outcome, in the part the sandbox reads). */
export type SandboxDeliveryOutcome = { status: 'processed' | 'duplicate' } | { status: 'failed'; error: string; retry: boolean };

/**
 * Where the sandbox's events go: billing's webhook handler, the one behind POST /api/webhooks/stripe (given by
 * features/billing/payments.ts, so that a provider imports no feature).
 */
export interface SandboxEventSink {
  deliver(payload: string, headers: Record<string, string>): Promise<SandboxDeliveryOutcome>;
  log?: FastifyBaseLogger;
}

/** Records an event the sandbox emits (in the caller's transaction); deliverSandboxEvents sends it after commit. */
export async function emitSandboxEvent(tx: Writer, type: string, object: Record<string, unknown>, at: Date): Promise<string> {
  const id = sandboxId('evt');
  const payload = JSON.stringify({ id, object: 'event', api_version: 'sandbox', created: unix(at), livemode: false, type, data: { object } });
  await tx.insert(sandboxEvents).values({ id, type, payload, createdAt: monotonicNow() });
  return id;
}

/** Stripe's signature scheme: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signSandboxPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const MAX_ATTEMPTS = 10;

/**
 * Delivers undelivered sandbox events, oldest first, through the same handler as POST /api/webhooks/stripe, signed
 * like Stripe's. Called after each sandbox action commits and by the renewal job (which picks up what a crash left).
 */
export async function deliverSandboxEvents(db: Db, config: Config, sink: SandboxEventSink): Promise<{ delivered: number; failed: number }> {
  const { log } = sink;
  const secret = await sandboxWebhookSecret(db, config);
  const pending = await db
    .select()
    .from(sandboxEvents)
    .where(and(isNull(sandboxEvents.deliveredAt), lt(sandboxEvents.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(sandboxEvents.createdAt))
    .limit(200);
  let delivered = 0;
  let failed = 0;
  for (const event of pending) {
    let error: string | null = null;
    try {
      const outcome = await sink.deliver(event.payload, { 'stripe-signature': signSandboxPayload(event.payload, secret) });
      if (outcome.status === 'failed' && outcome.retry) error = outcome.error;
      else if (outcome.status === 'failed') log?.warn({ eventId: event.id, error: outcome.error }, 'sandbox event could not be processed');
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    if (error) {
      failed += 1;
      await db
        .update(sandboxEvents)
        .set({ attempts: event.attempts + 1, lastError: error.slice(0, 500) })
        .where(eq(sandboxEvents.id, event.id));
    } else {
      delivered += 1;
      await db
        .update(sandboxEvents)
        .set({ attempts: event.attempts + 1, deliveredAt: new Date(), lastError: null })
        .where(eq(sandboxEvents.id, event.id));
    }
  }
  return { delivered, failed };
}
