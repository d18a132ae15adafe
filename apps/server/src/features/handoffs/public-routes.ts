import { randomUUID } from 'node:crypto';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  conversationParamsSchema,
  handoffMessageSchema,
  requestHandoffBodySchema,
  visitorConversationStateSchema,
  visitorEventsQuerySchema,
  visitorQuerySchema,
  type VisitorEvent,
} from '@parley/shared/contracts/handoffs';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversations } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { createPublicAccess } from '../widget/index';
import { appServices } from '../../services/app-services';
import { addChatStats } from '../analytics/index';
import {
  conversationTopic,
  conversationTranscript,
  findOpenHandoff,
  findVisitorConversation,
  requestHandoff,
  visitorConversationState,
  type ConversationSignal,
} from './service';
import { createSignalStreams } from './streams';

const errors = errorResponses(400, 403, 404, 429);
const tags = ['public chat'];
/** What the visitor sees live: the people's messages and the status lines (their own and the bot's come with the answer). */
const VISITOR_STREAM_ROLES = ['agent', 'system'] as const;
/** A reconnecting visitor gets messages from a little before their last one (clocks of two nodes may differ); the widget skips ones it has. */
const RESUME_OVERLAP_MS = 5_000;

/** The visitor's side of a handoff: ask for a person, see where the conversation stands, and follow it live. */
export const publicHandoffRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  const { publicChatbot, withCors, corsHeaders, limitVisitor } = createPublicAccess(app, rateLimiter);
  const stream = createSignalStreams(app);

  app.post(
    '/api/public/chatbots/:id/handoff',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags,
        summary: 'The visitor asks for a person (the widget’s button, or its offer when the bot had no answer)',
        params: idParamsSchema,
        body: requestHandoffBodySchema,
        response: { 200: z.object({ state: visitorConversationStateSchema, text: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const chatbot = await publicChatbot(request.params.id, request.headers.origin);
      await limitVisitor(request, reply, chatbot);
      const { visitorId } = request.body;
      let conversation = request.body.conversationId ? await findVisitorConversation(app.db, chatbot.id, request.body.conversationId, visitorId) : null;
      if (!conversation || conversation.endedAt) {
        // Asked before any question (or after an agent ended the last one): a new conversation.
        const at = new Date();
        conversation = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(conversations)
            .values({
              id: randomUUID(),
              chatbotId: chatbot.id,
              organizationId: chatbot.organizationId,
              visitorId,
              channel: 'widget',
              startedAt: at,
              lastMessageAt: at,
            })
            .returning({ id: conversations.id, endedAt: conversations.endedAt, channel: conversations.channel });
          await addChatStats(tx, { chatbotId: chatbot.id, organizationId: chatbot.organizationId, at, conversations: 1 });
          return created!;
        });
      }
      const outcome = await requestHandoff(appServices(app), {
        chatbot,
        conversationId: conversation.id,
        reason: request.body.reason,
        countsInStats: conversation.channel !== 'test',
        announce: true,
      });
      return { state: await visitorConversationState(app.db, conversation), text: outcome.text };
    },
  );

  app.get(
    '/api/public/chatbots/:id/conversations/:conversationId',
    {
      config: { access: 'public' },
      onRequest: withCors,
      schema: {
        tags,
        summary: 'Where the visitor’s conversation stands, and its messages (the widget restores a chat with it)',
        params: conversationParamsSchema,
        querystring: visitorQuerySchema,
        response: { 200: z.object({ state: visitorConversationStateSchema, messages: z.array(handoffMessageSchema) }), ...errors },
      },
    },
    async (request) => {
      const chatbot = await publicChatbot(request.params.id, request.headers.origin);
      const conversation = await findVisitorConversation(app.db, chatbot.id, request.params.conversationId, request.query.visitorId);
      return { state: await visitorConversationState(app.db, conversation), messages: await conversationTranscript(app.db, conversation.id) };
    },
  );

  app.get(
    '/api/public/chatbots/:id/conversations/:conversationId/events',
    {
      config: { access: 'public', stream: true },
      onRequest: withCors,
      schema: {
        tags,
        summary: 'The visitor’s conversation live (server-sent events: state, then agent and status messages)',
        params: conversationParamsSchema,
        querystring: visitorEventsQuerySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const chatbot = await publicChatbot(request.params.id, request.headers.origin);
      const limitHeaders = await limitVisitor(request, reply, chatbot, 'stream');
      const conversation = await findVisitorConversation(app.db, chatbot.id, request.params.conversationId, request.query.visitorId);
      const since = request.query.since ? new Date(Date.parse(request.query.since) - RESUME_OVERLAP_MS) : undefined;
      const sendState = async (send: (event: unknown) => void) => {
        const [current] = await app.db
          .select({ id: conversations.id, endedAt: conversations.endedAt })
          .from(conversations)
          .where(eq(conversations.id, conversation.id));
        send({ type: 'state', state: await visitorConversationState(app.db, current ?? conversation), text: null } satisfies VisitorEvent);
      };
      stream(request, reply, {
        topics: [conversationTopic(conversation.id)],
        headers: { ...corsHeaders(request.headers.origin), ...limitHeaders },
        initial: async (send) => {
          await sendState(send);
          // Without `since`, the current handoff's messages so far (the widget skips the ones it shows already).
          const from = since ?? (await findOpenHandoff(app.db, conversation.id))?.requestedAt;
          if (!from) return;
          for (const message of await conversationTranscript(app.db, conversation.id, { since: from, roles: [...VISITOR_STREAM_ROLES] })) {
            send({ type: 'message', message } satisfies VisitorEvent);
          }
        },
        onSignal: async (signal, send) => {
          const event = signal as ConversationSignal;
          if (event.type === 'state') return sendState(send);
          const [message] = await conversationTranscript(app.db, conversation.id, { messageId: event.messageId, roles: [...VISITOR_STREAM_ROLES] });
          if (message) send({ type: 'message', message } satisfies VisitorEvent);
        },
      });
      return reply;
    },
  );
};
