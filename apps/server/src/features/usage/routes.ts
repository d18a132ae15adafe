import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { usageResponseSchema } from '@parley/shared/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireIdentity } from '../../plugins/access';
import { memberOrganizationIds } from '../chatbots/service';
import { usageSummary } from './service';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/usage',
    {
      config: { access: 'user' },
      schema: {
        tags: ['usage'],
        summary: 'This month’s tokens and chatbots against the plan’s limits',
        response: { 200: usageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const [organizationId] = await memberOrganizationIds(app.db, requireIdentity(request).user.id);
      if (!organizationId) throw new AppError('NOT_FOUND', 'You are not a member of any organization.');
      return usageSummary(app.db, organizationId);
    },
  );
};
