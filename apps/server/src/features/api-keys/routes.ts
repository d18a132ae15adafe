import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@parley/shared/contracts/api-keys';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { canCreateAdminKeys, createApiKey, listApiKeys, revokeApiKey } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['api keys'];

/** Keys belong to the organization; managing them takes an admin of it. */
const keyActor = (request: FastifyRequest) => ({ organizationId: requireMembership(request).organizationId, userId: requireIdentity(request).user.id });

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/api-keys',
    {
      config: { access: 'user', permission: 'apiKeys.manage' },
      schema: { tags, summary: 'The organization’s API keys', response: { 200: apiKeyListSchema, ...errors } },
    },
    async (request) => {
      const actor = keyActor(request);
      // The uses this process has not written yet (requests without a chat turn are logged in batches) are counted first.
      await app.apiUsage.flush();
      return { items: await listApiKeys(app.db, actor), canCreateAdminKeys: await canCreateAdminKeys(app.db, actor.userId) };
    },
  );

  app.post(
    '/api/api-keys',
    {
      config: { access: 'user', permission: 'apiKeys.manage' },
      schema: { tags, summary: 'Create a key (the secret is returned once)', body: createApiKeyBodySchema, response: { 201: createdApiKeySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(app.db, keyActor(request), request.body)),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { access: 'user', permission: 'apiKeys.manage' },
      schema: { tags, summary: 'Revoke a key', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await revokeApiKey(app.db, keyActor(request), request.params.id);
      return { ok: true as const };
    },
  );
};
