import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  createSystemApiKeyBodySchema,
  systemApiKeyListSchema,
  systemApiKeySchema,
  updateSystemApiKeyBodySchema,
} from '@parley/shared/contracts/system-api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSystemApiKey, deleteSystemApiKey, listSystemApiKeys, resetSystemApiKeyUsage, updateSystemApiKey } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['system api keys'];

/**
 * System API keys (spec part 2 "API Keys Management (system keys)"): system_admin only. The AI
 * provider layer uses them (providers/ai/key-store.ts); responses carry the last 4 characters only.
 */
export const systemApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/system-api-keys',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Stored AI provider keys (never their values) and the embedding provider’s status',
        response: { 200: systemApiKeyListSchema, ...errors },
      },
    },
    async () => listSystemApiKeys(app.db, app.config),
  );

  app.post(
    '/api/admin/system-api-keys',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Store an AI provider key, encrypted at rest',
        body: createSystemApiKeyBodySchema,
        response: { 201: systemApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createSystemApiKey(app.db, app.config.secretKey, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/system-api-keys/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Rename, describe, change the daily limit (free tier) or switch on/off',
        params: idParamsSchema,
        body: updateSystemApiKeyBodySchema,
        response: { 200: systemApiKeySchema, ...errors },
      },
    },
    async (request) => {
      return updateSystemApiKey(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.post(
    '/api/admin/system-api-keys/:id/reset-usage',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Reset today’s usage counter to 0', params: idParamsSchema, response: { 200: systemApiKeySchema, ...errors } },
    },
    async (request) => {
      return resetSystemApiKeyUsage(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/system-api-keys/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a stored key', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteSystemApiKey(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );
};
