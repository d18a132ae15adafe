import {
  adminUserListSchema,
  adminUserSchema,
  createAdminUserBodySchema,
  profileSearchQuerySchema,
  profileSearchResultSchema,
  updateAdminUserBodySchema,
} from '@parley/shared/contracts/admin-users';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAdminUser, deleteAdminUser, listAdminUsers, searchProfilesByEmail, updateAdminUser } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin users'];

/** Admin User Management (spec §2): system_admin only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/admin-users',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'List admin users, newest first', response: { 200: adminUserListSchema, ...errors } } },
    async () => ({
      items: await listAdminUsers(app.db),
    }),
  );

  app.get(
    '/api/admin/profiles/search',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Find users by e-mail (case-insensitive substring, at most 10)',
        querystring: profileSearchQuerySchema,
        response: { 200: profileSearchResultSchema, ...errors },
      },
    },
    async (request) => ({ items: await searchProfilesByEmail(app.db, request.query.email) }),
  );

  app.post(
    '/api/admin/admin-users',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Make a user an admin', body: createAdminUserBodySchema, response: { 201: adminUserSchema, ...errors } },
    },
    async (request, reply) => {
      const created = await createAdminUser(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/admin-users/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Change an admin’s role or active flag',
        params: idParamsSchema,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      return updateAdminUser(app.db, { id: request.params.id, ...request.body, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/admin-users/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Remove an admin', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteAdminUser(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );
};
