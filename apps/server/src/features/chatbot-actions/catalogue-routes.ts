import { actionCatalogueSchema } from '@parley/shared/contracts/chatbot-actions';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { actionCatalogue } from './catalogue';

/**
 * The operator's published action templates as the builder offers them (decisions/0052-actions-builder.md): whoever
 * may see the chatbot may browse them; adding one is the ordinary create route, which needs `chatbots.edit`.
 */
export const actionCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chatbots/:id/actions/catalogue',
    {
      config: { access: 'user', permission: 'chatbots.view' },
      schema: {
        tags: ['chatbot actions'],
        summary: 'The operator’s published action templates, each with the action it starts',
        params: idParamsSchema,
        response: { 200: actionCatalogueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => actionCatalogue(app.db, requireMembership(request).organizationId, request.params.id),
  );
};
