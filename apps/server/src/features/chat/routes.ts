import { PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import { chatMessageBodySchema, publicChatbotSchema } from '@parley/shared/contracts/chatbots';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { openEventStream } from '../../lib/sse';
import { requireIdentity } from '../../plugins/access';
import { findChatbotForUser } from '../chatbots/service';
import { answerChatMessage, type ChatRequest } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** Streams one answer as server-sent events; a failure after the stream opened is sent as an `error` event. */
async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (emit: ChatRequest['emit'], signal: AbortSignal) => Promise<void>,
  headers: Record<string, string> = {},
) {
  const stream = openEventStream(request, reply, headers);
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
      config: { access: 'user' },
      schema: { tags: ['chat'], summary: 'Ask the chatbot (server-sent events)', params: idParamsSchema, body: chatMessageBodySchema, response: errors },
    },
    async (request, reply) => {
      const { user } = requireIdentity(request);
      const chatbot = await findChatbotForUser(app.db, user.id, request.params.id);
      await streamAnswer(request, reply, (emit, signal) =>
        answerChatMessage(app.database, app.config, {
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

  const ownOrigins = new Set(app.config.trustedOrigins);

  /** A live chatbot, reachable from this origin (its allowed origins, or Parley's own pages). */
  async function publicChatbot(id: string, origin: string | undefined) {
    const [chatbot] = await app.db
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.id, id), eq(chatbots.status, 'live')));
    if (!chatbot) throw new AppError('NOT_FOUND', 'Chatbot not found.');
    if (origin && !ownOrigins.has(origin) && !chatbot.allowedOrigins.includes(origin)) {
      throw new AppError('FORBIDDEN', 'This website is not allowed to use this chatbot.');
    }
    return chatbot;
  }

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin ? { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': 'retry-after' } : {};

  // Every public answer carries CORS headers — refusals and validation errors too — so the
  // widget on a customer's page can read the status and show a message instead of a network error.
  const withCors = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(corsHeaders(request.headers.origin));
  };

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
      const [perBot, perIp] = await Promise.all([
        rateLimiter.hit(`chat:bot:${chatbot.id}`, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, 60),
        rateLimiter.hit(`chat:ip:${chatbot.id}:${request.ip}`, PUBLIC_CHAT_PER_IP_PER_MINUTE, 60),
      ]).catch(() => [null, null]);
      for (const limit of [perBot, perIp]) {
        if (limit && !limit.allowed)
          throw new AppError('RATE_LIMITED', 'Too many messages. Please wait a moment and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
      }
      const visitorId = request.body.visitorId ?? randomUUID();
      await streamAnswer(
        request,
        reply,
        (emit, signal) =>
          answerChatMessage(app.database, app.config, {
            chatbot,
            channel: 'widget',
            visitorId,
            conversationId: request.body.conversationId,
            message: request.body.message,
            emit,
            signal,
          }),
        corsHeaders(origin),
      );
    },
  );
};
