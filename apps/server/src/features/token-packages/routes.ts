import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { tokenPackageBodySchema, tokenPackageListSchema, tokenPackageSchema, updateTokenPackageBodySchema } from '@parley/shared/contracts/token-packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/access';
import { activityContext } from '../../services/activity-log';
import { createTokenPackage, deleteTokenPackage, listTokenPackages, updateTokenPackage } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['token packages'];

/** Token Package Management (spec part 2 §2, §7): system_admin only. */
export const tokenPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/token-packages',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Every token package, smallest first', response: { 200: tokenPackageListSchema, ...errors } },
    },
    async () => ({ items: await listTokenPackages(app.db) }),
  );

  app.post(
    '/api/admin/token-packages',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Add a token package', body: tokenPackageBodySchema, response: { 201: tokenPackageSchema, ...errors } },
    },
    async (request, reply) => {
      const { identity } = requireAdmin(request);
      return reply.status(201).send(await createTokenPackage(app.db, request.body, identity.user.id, activityContext(request)));
    },
  );

  app.put(
    '/api/admin/token-packages/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Change a token package',
        params: idParamsSchema,
        body: updateTokenPackageBodySchema,
        response: { 200: tokenPackageSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      return updateTokenPackage(app.db, request.params.id, request.body, identity.user.id, activityContext(request));
    },
  );

  app.delete(
    '/api/admin/token-packages/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a token package', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      await deleteTokenPackage(app.db, request.params.id, identity.user.id, activityContext(request));
      return { ok: true as const };
    },
  );
};
