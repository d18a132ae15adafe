import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import type { ChatTurnSubscriber } from '../../services/chat-turns';
import { conversationStartedEvent, messageCreatedEvents, webhookListeners, webhookOutboxRows } from './events';

/**
 * A chat turn's webhook events, into the outbox in the turn's statement when someone listens: conversation.started
 * when the turn wrote a new conversation, then message.created for the question and the reply (not for a failed
 * turn). The delivery worker sends them after the commit, so a turn rolled back announces nothing.
 */
export const webhookTurns: ChatTurnSubscriber = {
  name: 'webhooks',
  async write(tx, turn, context) {
    const { chatbot, conversation, question, answer } = turn;
    // The turn writes no webhook configuration, so the cached subscriptions hold inside its transaction.
    const listeners = await webhookListeners(tx, chatbot.organizationId, ['conversation.started', 'message.created'], context.readCache);
    const outbox = webhookOutboxRows(
      [
        ...(conversation.createdNow
          ? [conversationStartedEvent(chatbot, { id: conversation.id, channel: turn.channel, visitorId: turn.visitorId, startedAt: question.at })]
          : []),
        ...(answer.outcome === 'error'
          ? []
          : messageCreatedEvents(chatbot, conversation.id, [
              { id: question.id, role: 'user', content: question.content, createdAt: question.at, tokens: question.tokens },
              { id: answer.id, role: 'assistant', content: answer.content, createdAt: answer.at, outcome: answer.outcome, tokens: answer.tokens },
            ])),
      ],
      listeners,
    );
    if (outbox.events.length === 0) return null;
    return {
      statements: [
        ['webhook_events', tx.insert(webhookEvents).values(outbox.events)],
        // Their ids follow the rows' order, and each endpoint is sent its deliveries by ascending id.
        ['webhook_deliveries', tx.insert(webhookDeliveries).values(outbox.deliveries)],
      ],
    };
  },
};
