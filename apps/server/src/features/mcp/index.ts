import { defineFeature } from '../../plugins/features';
import { mcpRoutes } from './routes';

/** The MCP feature: every live chatbot as an MCP server at /mcp/chatbots/:id, registered by app.ts with the others. */
export const mcpFeature = defineFeature('mcp', async (app, { rateLimiter }) => {
  await app.register(mcpRoutes, { rateLimiter });
});
