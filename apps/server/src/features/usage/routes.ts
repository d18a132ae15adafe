import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { creditHistoryQuerySchema, creditHistorySchema } from '@parley/shared/contracts/token-credits';
import { usageResponseSchema } from '@parley/shared/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { creditHistory } from '../../services/token-ledger';
import { usageSummary } from './service';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/usage',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags: ['usage'],
        summary: 'This month’s tokens and chatbots against the plan’s limits',
        response: { 200: usageResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => usageSummary(app.db, requireMembership(request).organizationId),
  );

  app.get(
    '/api/usage/credit-history',
    {
      config: { access: 'user', permission: 'billing.view' },
      schema: {
        tags: ['usage'],
        summary: 'Every change of the token balance with its reason, newest first, a page at a time',
        querystring: creditHistoryQuerySchema,
        response: { 200: creditHistorySchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => creditHistory(app.db, requireMembership(request).organizationId, request.query),
  );
};
