import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import { createTierBodySchema, setTierActiveBodySchema, tierListSchema, tierSchema, updateTierBodySchema } from '@parley/shared/contracts/tier-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTier, deleteTier, listTiers, setTierActive, updateTier } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['tier limits'];

/** Subscription Tier Limits (spec part 2 §2, §7): system_admin only. The limits take effect at once. */
export const tierLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/tier-limits',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Every tier by monthly token limit (unlimited last), with its organization count',
        response: { 200: tierListSchema, ...errors },
      },
    },
    async () => ({ items: await listTiers(app.db) }),
  );

  app.post(
    '/api/admin/tier-limits',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Create a tier', body: createTierBodySchema, response: { 201: tierSchema, ...errors } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createTier(app.db, request.body, request.actor.userId, request.actor));
    },
  );

  app.put(
    '/api/admin/tier-limits/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Change a tier’s name and limits',
        params: idParamsSchema,
        body: updateTierBodySchema,
        response: { 200: tierSchema, ...errors },
      },
    },
    async (request) => {
      return updateTier(app.db, request.params.id, request.body, request.actor.userId, request.actor);
    },
  );

  app.put(
    '/api/admin/tier-limits/:id/status',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Activate or deactivate a tier',
        params: idParamsSchema,
        body: setTierActiveBodySchema,
        response: { 200: tierSchema, ...errors },
      },
    },
    async (request) => {
      return setTierActive(app.db, request.params.id, request.body.isActive, request.actor.userId, request.actor);
    },
  );

  app.delete(
    '/api/admin/tier-limits/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a tier and its plan features', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteTier(app.db, request.params.id, request.actor.userId, request.actor);
      return { ok: true as const };
    },
  );
};
