import { defineFeature } from '../../plugins/features';
import { actionCallRoutes } from './action-call-routes';
import { webhookRoutes } from './routes';
import { webhookTurns } from './turn-events';
import { startWebhookDeliveryWorker } from './worker';

export {
  changedChatbotFields,
  conversationStartedEvent,
  documentFailedData,
  documentProcessedData,
  emitHandoffClosed,
  emitMessagesCreated,
  emitWebhookEvent,
  emitWebhookEvents,
  handoffRequestedEvent,
  messageCreatedEvents,
  webhookChatbot,
  webhookListeners,
  type WebhookListeners,
  webhookOutboxRows,
} from './events';

export { newWebhookEventId, signWebhook } from './signing';

/** The webhooks feature: its routes and background work, registered by app.ts with the others. */
export const webhooksFeature = defineFeature(
  'webhooks',
  async (app, { rateLimiter }) => {
    await app.register(webhookRoutes, { rateLimiter });
    await app.register(actionCallRoutes);
    app.chatTurns.subscribe(webhookTurns);
    app.backgroundWork.push({ name: 'webhook deliveries', start: () => startWebhookDeliveryWorker(app) });
  },
  ['system-configuration'],
);
