import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  behaviorTemplateListSchema,
  behaviorTemplateOptionListSchema,
  behaviorTemplateSchema,
  createBehaviorTemplateBodySchema,
  updateBehaviorTemplateBodySchema,
} from '@parley/shared/contracts/behavior-templates';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBehaviorTemplate,
  deleteBehaviorTemplate,
  listActiveBehaviorTemplates,
  listBehaviorTemplates,
  setDefaultBehaviorTemplate,
  updateBehaviorTemplate,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['behavior templates'];

/** Behavior Template Management (spec part 2 §2, /admin/behavior-templates): system_admin; and the builder's read-only list. */
export const behaviorTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/behavior-templates',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'All behavior templates, the default first, then newest first', response: { 200: behaviorTemplateListSchema, ...errors } },
    },
    async () => ({ items: await listBehaviorTemplates(app.db) }),
  );

  app.post(
    '/api/admin/behavior-templates',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Create a behavior template', body: createBehaviorTemplateBodySchema, response: { 201: behaviorTemplateSchema, ...errors } },
    },
    async (request, reply) => {
      const created = await createBehaviorTemplate(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/behavior-templates/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Edit a behavior template (the default cannot be deactivated)',
        params: idParamsSchema,
        body: updateBehaviorTemplateBodySchema,
        response: { 200: behaviorTemplateSchema, ...errors },
      },
    },
    async (request) => {
      return updateBehaviorTemplate(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/behavior-templates/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a behavior template (not the default)', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteBehaviorTemplate(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/behavior-templates/:id/default',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Make an active template the default (the previous default stops being one in the same transaction)',
        params: idParamsSchema,
        response: { 200: behaviorTemplateSchema, ...errors },
      },
    },
    async (request) => {
      return setDefaultBehaviorTemplate(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.get(
    '/api/behavior-templates/active',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Active behavior templates for the chatbot builder, the default first',
        response: { 200: behaviorTemplateOptionListSchema, ...errors },
      },
    },
    async () => ({ items: await listActiveBehaviorTemplates(app.db) }),
  );
};
