import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SandboxEventSink } from '../../providers/payments/sandbox/events';
import { cancelReplacedSubscription, REPLACED_SUBSCRIPTION_QUEUE, type ReplacedSubscription } from './replaced-subscriptions';
import { handleBillingWebhook } from './webhook';

/**
 * The sandbox delivers the events it emits to the webhook handler behind POST /api/webhooks/stripe, signed as Stripe
 * signs them, right after the action that emitted them commits. Handling an event may act on the provider again
 * (cancelling a replaced subscription), which emits more: the handler is handed this same sink. The provider gets it
 * as a value so that it imports no feature (providers/payments).
 */
export function sandboxEventSink(db: Db, config: Config, log?: FastifyBaseLogger): SandboxEventSink {
  const sink: SandboxEventSink = { log, deliver: (payload, headers) => handleBillingWebhook(db, config, payload, headers, sink) };
  return sink;
}

export async function startReplacedSubscriptionWorker(app: FastifyInstance): Promise<void> {
  if (!app.jobs) return;
  await app.jobs.work<ReplacedSubscription>(REPLACED_SUBSCRIPTION_QUEUE, { concurrency: 1 }, async (job) => {
    const outcome = await cancelReplacedSubscription(app.db, app.config, sandboxEventSink(app.db, app.config, app.log), job.data);
    app.log.info({ ...job.data, outcome }, 'billing: replaced subscription handled');
  });
}
