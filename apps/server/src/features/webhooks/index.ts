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
export { webhookRoutes } from './routes';
export { startWebhookDeliveryWorker } from './worker';
