import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { getPaymentProvider, providerNamed } from '../../providers/payments/provider';
import type { SandboxEventSink } from '../../providers/payments/sandbox/events';
import { billingEventListeners, type BillingContext } from './context';
import { cancelReplacedSubscription, REPLACED_SUBSCRIPTION_QUEUE, type ReplacedSubscription } from './replaced-subscriptions';
import { handleBillingWebhook } from './webhook';

/**
 * The app's billing context (context.ts). The sandbox delivers the events it emits to the webhook handler behind POST
 * /api/webhooks/stripe, signed as Stripe signs them, right after the action that emitted them commits: its sink is this
 * context's handler. Handling an event may act on the provider again (cancelling a replaced subscription), which emits
 * more, through the same context. The provider gets the sink as a value so that it imports no feature
 * (providers/payments).
 */
export function createBillingContext(parts: { db: Db; config: Config; log: FastifyBaseLogger; jobs: () => JobQueue | null }): BillingContext {
  const { db, config } = parts;
  const sandboxSink = (log: FastifyBaseLogger = parts.log): SandboxEventSink => ({
    log,
    deliver: (payload, headers) => handleBillingWebhook(billing, payload, headers, log),
  });
  const billing: BillingContext = {
    ...parts,
    ...billingEventListeners(),
    sandboxSink,
    paymentProvider: (log) => getPaymentProvider(db, config, sandboxSink(log)),
    providerNamed: (name, log) => providerNamed(db, config, sandboxSink(log), name),
  };
  return billing;
}

export async function startReplacedSubscriptionWorker(app: FastifyInstance): Promise<void> {
  if (!app.jobs) return;
  await app.jobs.work<ReplacedSubscription>(REPLACED_SUBSCRIPTION_QUEUE, { concurrency: 1 }, async (job) => {
    const outcome = await cancelReplacedSubscription(app.billing, job.data);
    app.log.info({ ...job.data, outcome }, 'billing: replaced subscription handled');
  });
}
