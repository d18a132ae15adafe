import { defineFeature } from '../../plugins/features';
import { actionButtonRoutes } from './button-routes';
import { actionCatalogueRoutes } from './catalogue-routes';
import { mcpSourceRoutes } from './mcp-routes';
import { contactTurns } from './builtin-actions';
import { n8nEndpointRoutes } from './n8n-endpoint-routes';
import { chatbotActionRoutes } from './routes';
import { actionCallTurns } from './turn-calls';

export { actionsForTurn, type TurnActions } from './tools';
export { buttonOffersForTurn } from './button-offers';
export { ACTION_CALL_TIMEOUT_MS } from './webhook-call';
// The operator's look-up of an MCP server for a catalogue template (features/ai-actions, decisions/0048-mcp-action-sources.md).
export { discoverMcpTools } from './mcp-client';

/**
 * Chatbot actions: an owner's webhooks the answer model may call as tools (decisions/0047-chatbot-actions.md), and the
 * record of every call, written with the turn it was made in. Registered by app.ts with the others.
 */
export const chatbotActionsFeature = defineFeature(
  'chatbot-actions',
  async (app, { rateLimiter }) => {
    await app.register(chatbotActionRoutes, { rateLimiter });
    await app.register(actionButtonRoutes, { rateLimiter });
    await app.register(mcpSourceRoutes, { rateLimiter });
    await app.register(actionCatalogueRoutes);
    await app.register(n8nEndpointRoutes);
    app.chatTurns.subscribe(actionCallTurns);
    // The visitor's contact details a turn's contact action collected (decisions/0049-built-in-actions.md).
    app.chatTurns.subscribe(contactTurns);
  },
  ['chatbots'],
);
