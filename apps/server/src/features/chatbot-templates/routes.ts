import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  chatbotTemplateListSchema,
  chatbotTemplateOptionListSchema,
  chatbotTemplateSchema,
  createChatbotTemplateBodySchema,
  updateChatbotTemplateBodySchema,
} from '@parley/shared/contracts/chatbot-templates';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createChatbotTemplate, deleteChatbotTemplate, listActiveChatbotTemplates, listChatbotTemplates, updateChatbotTemplate } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['chatbot templates'];

/** Template Management (spec part 2 §2, /admin/templates): system_admin; and the gallery customers start a chatbot from. */
export const chatbotTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/chatbot-templates',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'All chatbot templates (agent type chatbot_template), newest first', response: { 200: chatbotTemplateListSchema, ...errors } },
    },
    async () => ({ items: await listChatbotTemplates(app.db) }),
  );

  app.post(
    '/api/admin/chatbot-templates',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Create a chatbot template', body: createChatbotTemplateBodySchema, response: { 201: chatbotTemplateSchema, ...errors } },
    },
    async (request, reply) => {
      const created = await createChatbotTemplate(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/chatbot-templates/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Edit a chatbot template',
        params: idParamsSchema,
        body: updateChatbotTemplateBodySchema,
        response: { 200: chatbotTemplateSchema, ...errors },
      },
    },
    async (request) => {
      return updateChatbotTemplate(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/chatbot-templates/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a chatbot template', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteChatbotTemplate(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/chatbot-templates/active',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Active chatbot templates to start a chatbot from, by name', response: { 200: chatbotTemplateOptionListSchema, ...errors } },
    },
    async () => ({ items: await listActiveChatbotTemplates(app.db) }),
  );
};
