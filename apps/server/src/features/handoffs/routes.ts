import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  agentReplyBodySchema,
  closeHandoffBodySchema,
  handoffDetailSchema,
  handoffListQuerySchema,
  handoffListResponseSchema,
  handoffMessageSchema,
  handoffSummarySchema,
  type InboxEvent,
} from '@parley/shared/contracts/handoffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, gt } from 'drizzle-orm';
import { organizationMembers, profiles, sessions } from '../../db/schema/index';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { appServices } from '../../services/app-services';
import {
  closeHandoff,
  conversationTranscript,
  findHandoff,
  getHandoffDetail,
  listHandoffs,
  markHandoffRead,
  organizationTopic,
  sendAgentReply,
  type OrganizationSignal,
} from './service';
import { createSignalStreams } from './streams';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['handoffs'];

/** The live inbox: the organization's agents see handoffs, read the conversation, reply and close. */
export const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  const stream = createSignalStreams(app);

  /**
   * A stream outlives the checks made when it opened: someone removed from the organization, deactivated, signed out
   * or whose session expired meanwhile gets nothing more, and the stream ends.
   */
  const stillAllowed = async (organizationId: string, userId: string, sessionId: string) =>
    (
      await app.db
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .innerJoin(profiles, and(eq(profiles.id, organizationMembers.userId), eq(profiles.isActive, true)))
        .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, organizationMembers.userId), gt(sessions.expiresAt, new Date())))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    ).length > 0;

  app.get(
    '/api/handoffs',
    {
      config: { access: 'user', permission: 'inbox.use' },
      schema: {
        tags,
        summary: 'Handoffs of my organization (open or closed), paginated',
        querystring: handoffListQuerySchema,
        response: { 200: handoffListResponseSchema, ...errors },
      },
    },
    async (request) => listHandoffs(app.db, requireMembership(request).organizationId, request.query),
  );

  app.get(
    '/api/handoffs/events',
    {
      config: { access: 'user', permission: 'inbox.use', stream: true },
      schema: { tags, summary: 'Inbox changes as server-sent events (InboxEvent)', response: { 200: z.unknown(), ...errors } },
    },
    async (request, reply) => {
      const { organizationId } = requireMembership(request);
      const { user, session } = requireIdentity(request);
      stream(request, reply, {
        topics: [organizationTopic(organizationId)],
        onSignal: async (signal, send, end) => {
          const event = signal as OrganizationSignal;
          if (!(await stillAllowed(organizationId, user.id, session.id))) return end();
          if (event.type === 'handoff') {
            send({ type: 'handoff', handoffId: event.handoffId, status: event.status } satisfies InboxEvent);
            return;
          }
          const handoff = await findHandoff(app.db, organizationId, event.handoffId);
          const [message] = await conversationTranscript(app.db, handoff.conversationId, { messageId: event.messageId });
          if (message) send({ type: 'message', handoffId: handoff.id, message } satisfies InboxEvent);
        },
      });
      return reply;
    },
  );

  app.get(
    '/api/handoffs/:id',
    {
      config: { access: 'user', permission: 'inbox.use' },
      schema: { tags, summary: 'One handoff and its whole conversation', params: idParamsSchema, response: { 200: handoffDetailSchema, ...errors } },
    },
    async (request) => getHandoffDetail(app.db, requireMembership(request).organizationId, request.params.id),
  );

  app.post(
    '/api/handoffs/:id/read',
    {
      config: { access: 'user', permission: 'inbox.use' },
      schema: { tags, summary: 'Mark the visitor’s messages read', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await markHandoffRead(appServices(app), requireMembership(request).organizationId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/handoffs/:id/messages',
    {
      config: { access: 'user', permission: 'inbox.use' },
      schema: {
        tags,
        summary: 'Reply to the visitor as an agent',
        params: idParamsSchema,
        body: agentReplyBodySchema,
        response: { 201: handoffMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireIdentity(request);
      const message = await sendAgentReply(appServices(app), {
        organizationId: requireMembership(request).organizationId,
        userId: user.id,
        handoffId: request.params.id,
        content: request.body.content,
      });
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/handoffs/:id/close',
    {
      config: { access: 'user', permission: 'inbox.use' },
      schema: {
        tags,
        summary: 'Close: back to the bot, or end the conversation',
        params: idParamsSchema,
        body: closeHandoffBodySchema,
        response: { 200: handoffSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireIdentity(request);
      return closeHandoff(appServices(app), {
        organizationId: requireMembership(request).organizationId,
        userId: user.id,
        handoffId: request.params.id,
        outcome: request.body.outcome,
      });
    },
  );
};
