import { n8nActionEndpointListSchema } from '@parley/shared/contracts/chatbot-actions';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { listN8nActionEndpoints } from './builtin-definitions';

/**
 * The n8n webhook endpoints an owner may choose for an n8n action (decisions/0049-built-in-actions.md): the operator's
 * active endpoints, by name and workflow, without n8n's address, the endpoint's path or any key. Choosing one is
 * editing the chatbot, so listing them needs what editing it needs.
 */
export const n8nEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chatbots/:id/actions/n8n-endpoints',
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags: ['chatbot actions'],
        summary: 'The n8n webhook endpoints an n8n action may call (active ones that take a body)',
        params: idParamsSchema,
        response: { 200: n8nActionEndpointListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listN8nActionEndpoints(app.db, requireMembership(request).organizationId, request.params.id),
  );
};
