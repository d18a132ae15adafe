import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  broadcastBodySchema,
  broadcastResponseSchema,
  notificationListSchema,
  recipientListSchema,
  recipientQuerySchema,
} from '@parley/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity } from '../../plugins/access';
import { broadcast, listNotifications, listRecipients, markRead } from './service';

const errors = errorResponses(400, 401, 403, 404);

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Send Message to Users is offered to system_admin and support (spec §6).
  app.get(
    '/api/admin/notifications/recipients',
    {
      config: { access: 'support' },
      schema: {
        tags: ['messages'],
        summary: 'Recipients for a message, with the count',
        querystring: recipientQuerySchema,
        response: { 200: recipientListSchema, ...errors },
      },
    },
    async (request) => listRecipients(app.db, request.query.mode, request.query.search),
  );

  app.post(
    '/api/admin/notifications',
    {
      config: { access: 'support' },
      schema: { tags: ['messages'], summary: 'Send a message to users', body: broadcastBodySchema, response: { 201: broadcastResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const sent = await broadcast({ db: app.db, jobs: app.jobs }, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send({ sent });
    },
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], summary: 'My latest notifications and the unread count', response: { 200: notificationListSchema, ...errors } },
    },
    async (request) => listNotifications(app.db, requireIdentity(request).user.id),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], summary: 'Mark one notification read', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await markRead(app.db, requireIdentity(request).user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await markRead(app.db, requireIdentity(request).user.id);
      return { ok: true as const };
    },
  );
};
