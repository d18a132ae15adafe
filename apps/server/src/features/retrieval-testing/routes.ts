import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import { retrievalTestBodySchema, retrievalTestResultSchema } from '@parley/shared/contracts/retrieval-testing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMembership } from '../../plugins/access';
import { testRetrieval } from './service';

const errors = errorResponses(400, 401, 403, 404, 503);

export const retrievalTestingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/chatbots/:id/retrieval-test',
    {
      // A tuning tool for those who manage the organization; members try the chatbot through the test chat.
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags: ['training data'],
        summary: 'The passages the chat would retrieve for a question, ranked, without asking the chatbot (nothing is stored or metered)',
        params: idParamsSchema,
        body: retrievalTestBodySchema,
        response: { 200: retrievalTestResultSchema, ...errors },
      },
    },
    async (request) =>
      testRetrieval(
        { database: app.database, db: app.db, config: app.config, log: request.log },
        { organizationId: requireMembership(request).organizationId, chatbotId: request.params.id, ...request.body },
      ),
  );
};
