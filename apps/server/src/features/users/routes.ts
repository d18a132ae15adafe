import { managedUserSchema, userListQuerySchema, userListResponseSchema, userStatsSchema } from '@parley/shared/contracts/users';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUser, listUsers, setUserActive, userStats } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['user management'];

/** User Management (spec §2): system_admin only. */
export const userRoutes: FastifyPluginAsyncZod<{ countChatbots: () => Promise<number | null> }> = async (app, { countChatbots }) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Users, newest first, with search and status filter',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/api/admin/users/stats',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The four user-management counts', response: { 200: userStatsSchema, ...errors } } },
    async () => userStats(app.db, countChatbots),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'One user (logs user_viewed)', params: idParamsSchema, response: { 200: managedUserSchema, ...errors } },
    },
    async (request) => getUser(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor),
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { access: 'system_admin' },
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a user`,
          params: idParamsSchema,
          response: { 200: managedUserSchema, ...errors },
        },
      },
      async (request) => setUserActive(app.db, { id: request.params.id, isActive, actorId: request.actor.userId }, request.actor),
    );
  }
};
