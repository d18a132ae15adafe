import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  chatbotListQuerySchema,
  chatbotListSchema,
  chatbotNameListQuerySchema,
  chatbotNameListSchema,
  chatbotSchema,
  createChatbotBodySchema,
  updateChatbotBodySchema,
} from '@parley/shared/contracts/chatbots';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { embeddingChooserFor } from '../../providers/ai/models';
import { createChatbot, deleteChatbot, getChatbot, listChatbotNames, listChatbots, updateChatbot } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['chatbots'];

export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  const embeddingChooser = () => embeddingChooserFor(app, app.config.ai.openaiCompatibleEmbedding);

  app.get(
    '/api/chatbots',
    {
      config: { access: 'user', permission: 'chatbots.view' },
      schema: {
        tags,
        summary: 'One page of the organization’s chatbots, newest first, searchable by name',
        querystring: chatbotListQuerySchema,
        response: { 200: chatbotListSchema, ...errors },
      },
    },
    async (request) => listChatbots(app.db, requireMembership(request).organizationId, request.query),
  );

  app.get(
    '/api/chatbots/names',
    {
      config: { access: 'user', permission: 'chatbots.view' },
      schema: {
        tags,
        summary: 'One page of the organization’s chatbots by name (id, name, status), searchable, or those named by ids; for pickers',
        querystring: chatbotNameListQuerySchema,
        response: { 200: chatbotNameListSchema, ...errors },
      },
    },
    async (request) => listChatbotNames(app.db, requireMembership(request).organizationId, request.query),
  );

  app.post(
    '/api/chatbots',
    {
      config: { access: 'user', permission: 'chatbots.create' },
      schema: { tags, summary: 'Create a chatbot', body: createChatbotBodySchema, response: { 201: chatbotSchema, ...errors } },
    },
    async (request, reply) => {
      // The OpenAI-compatible server's embedding model when one is configured, else OpenAI embeddings when a usable
      // OpenAI key exists (system API keys screen or environment).
      const choose = await embeddingChooser();
      return reply
        .status(201)
        .send(
          await createChatbot(
            app.db,
            { organizationId: requireMembership(request).organizationId, userId: requireIdentity(request).user.id },
            request.body,
            choose,
          ),
        );
    },
  );

  app.get(
    '/api/chatbots/:id',
    {
      config: { access: 'user', permission: 'chatbots.view' },
      schema: { tags, summary: 'One chatbot', params: idParamsSchema, response: { 200: chatbotSchema, ...errors } },
    },
    async (request) => getChatbot(app.db, requireMembership(request).organizationId, request.params.id),
  );

  app.patch(
    '/api/chatbots/:id',
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: { tags, summary: 'Change a chatbot', params: idParamsSchema, body: updateChatbotBodySchema, response: { 200: chatbotSchema, ...errors } },
    },
    async (request) => updateChatbot(app.db, requireMembership(request).organizationId, request.params.id, request.body),
  );

  app.delete(
    '/api/chatbots/:id',
    {
      config: { access: 'user', permission: 'chatbots.delete' },
      schema: { tags, summary: 'Delete a chatbot with its sources and conversations', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteChatbot(app.db, requireMembership(request).organizationId, request.params.id);
      return { ok: true as const };
    },
  );
};
