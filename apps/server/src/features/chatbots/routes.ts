import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  chatbotListQuerySchema,
  chatbotListSchema,
  chatbotNameListQuerySchema,
  chatbotNameListSchema,
  chatbotSchema,
  createChatbotBodySchema,
  reembedResultSchema,
  updateChatbotBodySchema,
} from '@parley/shared/contracts/chatbots';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { hasProviderCredentials } from '../../providers/ai/key-store';
import { defaultEmbedding } from '../../providers/ai/models';
import { reembedChatbot } from '../knowledge-sources/service';
import { createChatbot, deleteChatbot, getChatbot, listChatbotNames, listChatbots, readSystemConfiguration, updateChatbot } from './service';
import { isMiniLmAvailable } from '../../rag/embedders/minilm/index';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['chatbots'];

/** The embedder a chatbot gets now (defaultEmbedding), given the system's default model and dimensions. */
async function embeddingChooserFor(app: Parameters<typeof hasProviderCredentials>[0], openaiCompatibleEmbedding?: { model: string; dimensions: number }) {
  const hasOpenAiKey = await hasProviderCredentials(app, 'openai', 'embeddings');
  const miniLmAvailable = await isMiniLmAvailable();
  return (systemDefault: { model: string; dimensions: number }) => defaultEmbedding(hasOpenAiKey, systemDefault, openaiCompatibleEmbedding, miniLmAvailable);
}

export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  const embeddingChooser = () => embeddingChooserFor(app, app.config.ai.openaiCompatibleEmbedding);

  /** Re-embed: the chatbot moves to the embedder a new chatbot would get, and every source is processed again. */
  app.post(
    '/api/chatbots/:id/re-embed',
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags,
        summary: 'Embed every source again with the current default embedder',
        params: idParamsSchema,
        response: { 200: reembedResultSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const { organizationId } = requireMembership(request);
      const settings = await readSystemConfiguration(app.db);
      const embedding = (await embeddingChooser())({ model: settings.defaultEmbeddingModel, dimensions: settings.defaultEmbeddingDimensions });
      const queued = await reembedChatbot(app.db, app.jobs, organizationId, request.params.id, embedding);
      return { embedding, queued };
    },
  );
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
