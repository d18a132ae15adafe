import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { usageResponseSchema } from '@parley/shared/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { usageSummary } from './service';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/usage',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: {
        tags: ['usage'],
        summary: 'This month’s tokens and chatbots against the plan’s limits',
        response: { 200: usageResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => usageSummary(app.db, requireMembership(request).organizationId),
  );
};
