import { okResponseSchema } from '@parley/shared/contracts/auth';
import { chatMessageBodySchema, publicChatbotSchema } from '@parley/shared/contracts/chat';
import { feedbackBodySchema, feedbackParamsSchema } from '@parley/shared/contracts/handoffs';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { openEventStream } from '../../lib/sse';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { findChatbotInOrganization } from '../chatbots/index';
import { rateMessage } from './feedback';
import { createPublicAccess } from '../widget/index';
import { appServices } from '../../services/app-services';
import { answerChatMessage, type ChatRequest } from './service';

const errors = errorResponses(400, 401, 403, 404, 429);

/** Streams one answer as server-sent events; a failure after the stream opened is sent as an `error` event. */
async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (emit: ChatRequest['emit'], signal: AbortSignal) => Promise<void>,
  headers: Record<string, string> = {},
) {
  // The answer's first event (`meta`) follows at once: the headers go with it.
  const stream = openEventStream(request, reply, headers, { headersWithFirstEvent: true });
  try {
    await run((event) => stream.send(event), stream.signal);
  } catch (error) {
    request.log.error({ err: error }, 'chat answer failed');
    stream.send({ type: 'error', message: 'The answer could not be completed. Please try again.' });
  } finally {
    stream.end();
  }
}

export const chatRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  /** The builder's test chat: the owner talks to the bot before it goes live. */
  app.post(
    '/api/chatbots/:id/test-chat',
    {
      config: { access: 'user', permission: 'chatbots.test' },
      schema: { tags: ['chat'], summary: 'Ask the chatbot (server-sent events)', params: idParamsSchema, body: chatMessageBodySchema, response: errors },
    },
    async (request, reply) => {
      const { user } = requireIdentity(request);
      const chatbot = await findChatbotInOrganization(app.db, requireMembership(request).organizationId, request.params.id);
      await streamAnswer(request, reply, (emit, signal) =>
        answerChatMessage(appServices(app), {
          chatbot,
          channel: 'test',
          visitorId: `user:${user.id}`,
          conversationId: request.body.conversationId,
          message: request.body.message,
          emit,
          signal,
        }),
      );
    },
  );

  const { publicChatbot, corsHeaders, withCors, limitVisitor } = createPublicAccess(app, rateLimiter);

  app.options('/api/public/chatbots/:id/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    return reply
      .headers({
        ...corsHeaders(origin),
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      .status(204)
      .send();
  });

  app.get(
    '/api/public/chatbots/:id/config',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags: ['public chat'],
        summary: 'What the widget needs to draw itself',
        params: idParamsSchema,
        response: { 200: publicChatbotSchema, ...errors },
      },
    },
    async (request) => {
      const origin = request.headers.origin;
      const chatbot = await publicChatbot(request.params.id, origin);
      return {
        id: chatbot.id,
        name: chatbot.name,
        welcomeMessage: chatbot.welcomeMessage,
        suggestedQuestions: chatbot.suggestedQuestions,
        appearance: chatbot.appearance,
        handoffEnabled: chatbot.handoffEnabled,
      };
    },
  );

  app.post(
    '/api/public/chatbots/:id/messages',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags: ['public chat'],
        summary: 'A visitor asks (server-sent events: meta, delta…, done)',
        params: idParamsSchema,
        body: chatMessageBodySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      const chatbot = await publicChatbot(request.params.id, origin);
      const limitHeaders = await limitVisitor(request, reply, chatbot);
      const visitorId = request.body.visitorId ?? randomUUID();
      await streamAnswer(
        request,
        reply,
        (emit, signal) =>
          answerChatMessage(appServices(app), {
            chatbot,
            channel: 'widget',
            visitorId,
            conversationId: request.body.conversationId,
            message: request.body.message,
            emit,
            signal,
          }),
        { ...corsHeaders(origin), ...limitHeaders },
      );
    },
  );

  app.post(
    '/api/public/chatbots/:id/messages/:messageId/feedback',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags: ['public chat'],
        summary: 'A visitor rates an answer (thumbs up or down; null takes the rating back)',
        params: feedbackParamsSchema,
        body: feedbackBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const chatbot = await publicChatbot(request.params.id, request.headers.origin);
      await limitVisitor(request, reply, chatbot, 'feedback');
      await rateMessage(app.db, { chatbot, messageId: request.params.messageId, visitorId: request.body.visitorId, rating: request.body.rating });
      return { ok: true as const };
    },
  );
};
