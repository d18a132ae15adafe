import { adminMeResponseSchema, clientAdminActivityBodySchema, testAdminBodySchema } from '@parley/shared/contracts/admin-auth';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/better-auth';
import { requireAdmin, requireIdentity } from '../../plugins/access';
import { logAdminActivity } from '../../services/activity-log';
import { bootstrapFirstAdmin, getAdminStatus } from '../admin-users/index';
import { createTestAdmin } from './service';

const errors = errorResponses(400, 401, 403, 409);
const tags = ['admin access'];

export const adminAuthRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.get(
    '/api/admin/me',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The caller’s admin status, read on the server', response: { 200: adminMeResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => getAdminStatus(app.db, requireIdentity(request).user.id),
  );

  app.post(
    '/api/admin/bootstrap',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Become the first system_admin while no admin exists', response: { 200: adminMeResponseSchema, ...errors } },
    },
    async (request) => {
      const { user } = requireIdentity(request);
      await bootstrapFirstAdmin(app.db, user.id, request.actor);
      return getAdminStatus(app.db, user.id);
    },
  );

  app.post(
    '/api/admin/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Record the console’s sign-out (admin_logout); page views are not recorded',
        body: clientAdminActivityBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      await logAdminActivity(
        app.db,
        {
          action: request.body.action,
          resourceType: request.body.resourceType,
          resourceId: request.body.resourceId ?? null,
          adminUserId: identity.user.id,
          details: request.body.metadata ?? {},
        },
        request.actor,
      );
      return { ok: true as const };
    },
  );

  /**
   * The debug console's test-admin form: creates a user and grants system_admin. It is a
   * privilege-escalation path, so the server refuses it unless it runs in development mode, and even there only
   * to a signed-in user (a development server reachable on a network is not open to anyone who finds it).
   */
  app.post(
    '/api/admin/debug/test-admin',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Development only: create a user and make it system_admin',
        body: testAdminBodySchema,
        response: { 201: z.object({ userId: z.uuid(), email: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      if (app.config.env !== 'development') throw new AppError('FORBIDDEN', 'The test-admin tool is available only when the server runs in development mode.');
      const created = await createTestAdmin(app.db, auth, request.body, request.actor, requireIdentity(request).user.id);
      return reply.status(201).send(created);
    },
  );
};
