import { runOfferedActionBodySchema, runOfferedActionParamsSchema, runOfferedActionResultSchema } from '@parley/shared/contracts/chatbot-actions';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { appServices } from '../../services/app-services';
import { createPublicAccess } from '../widget/index';
import { runOfferedAction } from './button-run';
import { ACTION_CALL_TIMEOUT_MS } from './webhook-call';

const errors = errorResponses(400, 403, 404, 429);

/** The visitor's side of actions offered as buttons (decisions/0051-action-buttons.md). */
export const actionButtonRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  const { publicChatbot, withCors, limitVisitor } = createPublicAccess(app, rateLimiter);

  app.post(
    '/api/public/chatbots/:id/conversations/:conversationId/actions/:actionId',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags: ['public chat'],
        summary: 'The visitor runs an action the answer offered as a button, after confirming it',
        params: runOfferedActionParamsSchema,
        body: runOfferedActionBodySchema,
        response: { 200: runOfferedActionResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const chatbot = await publicChatbot(request.params.id, request.headers.origin);
      // A click counts as a message against the visitor's and the chatbot's per-minute limits.
      await limitVisitor(request, reply, chatbot);
      return runOfferedAction(appServices(app), {
        chatbot,
        conversationId: request.params.conversationId,
        actionId: request.params.actionId,
        visitorId: request.body.visitorId,
        messageId: request.body.messageId,
        arguments: request.body.arguments,
        // The installation's outbound deadline, at most ACTION_CALL_TIMEOUT_MS: a visitor is waiting.
        timeoutMs: Math.min(app.config.fetch.timeoutMs, ACTION_CALL_TIMEOUT_MS),
      });
    },
  );
};
