import {
  CHATBOT_ACTION_MESSAGES,
  CHATBOT_ACTION_TESTS_PER_MINUTE,
  discoverMcpToolsBodySchema,
  mcpToolListSchema,
} from '@parley/shared/contracts/chatbot-actions';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { findChatbotInOrganization } from '../chatbots/index';
import { discoverMcpTools } from './mcp-client';
import { ACTION_CALL_TIMEOUT_MS } from './webhook-call';

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * An MCP server as a source of a chatbot's actions (decisions/0048-mcp-action-sources.md): the owner names the server,
 * Parley lists its tools, and the owner adds the ones the chatbot may call as actions of kind `mcp` (routes.ts).
 */
export const mcpSourceRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  app.post(
    '/api/chatbots/:id/actions/mcp-tools',
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags: ['chatbot actions'],
        summary: 'Connect to a remote MCP server (Streamable HTTP) and list its tools, to add them as actions',
        params: idParamsSchema,
        body: discoverMcpToolsBodySchema,
        response: { 200: mcpToolListSchema, ...errors },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { organizationId } = requireMembership(request);
      // Another organization's chatbot is not found before anything is counted or sent.
      await findChatbotInOrganization(app.db, organizationId, request.params.id);
      // Each look-up is an outbound session on the caller's behalf.
      const limit = await rateLimiter.hit(`chatbot-action-mcp-tools:${identity.user.id}`, CHATBOT_ACTION_TESTS_PER_MINUTE, 60).catch(() => null);
      if (limit && !limit.allowed) {
        throw new AppError('RATE_LIMITED', CHATBOT_ACTION_MESSAGES.tooManyMcpLookups, { 'retry-after': String(limit.retryAfterSeconds) });
      }
      return discoverMcpTools(
        { allowPrivateNetworks: app.config.fetch.allowPrivateNetworks, timeoutMs: Math.min(app.config.fetch.timeoutMs, ACTION_CALL_TIMEOUT_MS) },
        request.body,
      );
    },
  );
};
