import { defineFeature } from '../../plugins/features';
import { createBillingContext, startReplacedSubscriptionWorker } from './payments';
import { billingRoutes, billingWebhookRoutes } from './routes';
import { startSandboxRenewalWorker } from './sandbox-renewals';

export { assertSubscriptionNotEnded } from './checkout';
export type { BillingContext, BillingEventListener, ProcessedBillingEvent } from './context';
export { cancelSubscriptionsBeforeDeletion } from './end-subscriptions';
export { assertChargeablePrice, assertPricesChargeableIn } from './minimum-charge';
export { sandboxInvoiceParams } from './routes';

export { sandboxInvoicePdf, sendInvoicePdf } from './service';
export { TEST_EVENT_METADATA } from './webhook';

/**
 * The billing feature: its context (`app.billing`: the payment provider, the job queue, the event listeners, for this
 * app alone), its routes and background work, registered by app.ts with the others. Features that use `app.billing`
 * name 'billing' among their dependencies.
 */
export const billingFeature = defineFeature('billing', async (app, { mailer }) => {
  // The job queue is read when used: the app starts it after every feature registered.
  app.decorate('billing', createBillingContext({ db: app.db, config: app.config, log: app.log, jobs: () => app.jobs }));
  await app.register(billingWebhookRoutes);
  await app.register(billingRoutes, { mailer });
  app.backgroundWork.push({ name: 'sandbox renewals', start: () => startSandboxRenewalWorker(app) });
  app.backgroundWork.push({ name: 'replaced subscriptions', start: () => startReplacedSubscriptionWorker(app) });
});
