import { errorResponses } from '@parley/shared/contracts/errors';
import { actionCallLogQuerySchema, actionCallLogSchema } from '@parley/shared/contracts/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { listActionCalls } from './action-calls';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The calls of the organization's webhook actions, read where its webhooks' deliveries are: by the same people (owners
 * and admins: 'webhooks.manage'), since both are requests Parley sent to the organization's endpoints.
 */
export const actionCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/webhooks/action-calls',
    {
      config: { access: 'user', permission: 'webhooks.manage' },
      schema: {
        tags: ['webhooks'],
        summary: 'Calls of the organization’s webhook actions, newest first, paginated, by chatbot and outcome',
        querystring: actionCallLogQuerySchema,
        response: { 200: actionCallLogSchema, ...errors },
      },
    },
    async (request) => listActionCalls(app.db, requireMembership(request).organizationId, request.query),
  );
};
