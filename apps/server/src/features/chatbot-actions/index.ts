import { defineFeature } from '../../plugins/features';
import { chatbotActionRoutes } from './routes';
import { actionCallTurns } from './turn-calls';

export { actionsForTurn, type TurnActions } from './tools';
export { conversationActionCalls } from './calls';
export { ACTION_CALL_TIMEOUT_MS } from './webhook-call';

/**
 * Chatbot actions: an owner's webhooks the answer model may call as tools (decisions/0047-chatbot-actions.md), and the
 * record of every call, written with the turn it was made in. Registered by app.ts with the others.
 */
export const chatbotActionsFeature = defineFeature(
  'chatbot-actions',
  async (app, { rateLimiter }) => {
    await app.register(chatbotActionRoutes, { rateLimiter });
    app.chatTurns.subscribe(actionCallTurns);
  },
  ['chatbots'],
);
