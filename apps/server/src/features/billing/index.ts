import { defineFeature } from '../../plugins/features';
import { startReplacedSubscriptionWorker } from './payments';
import { billingRoutes, billingWebhookRoutes } from './routes';
import { startSandboxRenewalWorker } from './sandbox-renewals';

export { assertSubscriptionNotEnded } from './checkout';
export { cancelSubscriptionsBeforeDeletion } from './end-subscriptions';
export { onBillingEventProcessed } from './hooks';
export { assertChargeablePrice, assertPricesChargeableIn } from './minimum-charge';
export { sandboxEventSink } from './payments';
export { useBillingJobQueue } from './replaced-subscriptions';
export { sandboxInvoiceParams } from './routes';

export { sandboxInvoicePdf, sendInvoicePdf } from './service';
export { TEST_EVENT_METADATA } from './webhook';

/** The billing feature: its routes and background work, registered by app.ts with the others. */
export const billingFeature = defineFeature('billing', async (app, { mailer }) => {
  await app.register(billingWebhookRoutes);
  await app.register(billingRoutes, { mailer });
  app.backgroundWork.push({ name: 'sandbox renewals', start: () => startSandboxRenewalWorker(app) });
  app.backgroundWork.push({ name: 'replaced subscriptions', start: () => startReplacedSubscriptionWorker(app) });
});
