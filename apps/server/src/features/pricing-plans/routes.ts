import { okResponseSchema } from '@parley/shared/contracts/auth';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  createPricingPlanBodySchema,
  pricingPlanListSchema,
  pricingPlanSchema,
  rateLimitStatusListSchema,
  updatePricingPlanBodySchema,
} from '@parley/shared/contracts/pricing-plans';
import { tierParamsSchema } from '@parley/shared/contracts/tier-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMIT_STATUS } from './rate-limits';
import { createPlan, deletePlan, listPlans, updatePlan } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['pricing plans'];

/** Pricing and Billing Administration → Plans (spec part 2 §2, §7): system_admin only. */
export const pricingPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/pricing/plans',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Every plan (tier) by sort order, with its features', response: { 200: pricingPlanListSchema, ...errors } },
    },
    async () => ({ items: await listPlans(app.db) }),
  );

  app.post(
    '/api/admin/pricing/plans',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Create a plan (a new tier) and its features',
        body: createPricingPlanBodySchema,
        response: { 201: pricingPlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createPlan(app.db, request.body, request.actor.userId, request.actor));
    },
  );

  app.put(
    '/api/admin/pricing/plans/:tier',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Change a plan and its features (the tier id stays)',
        params: tierParamsSchema,
        body: updatePricingPlanBodySchema,
        response: { 200: pricingPlanSchema, ...errors },
      },
    },
    async (request) => {
      return updatePlan(app.db, request.params.tier, request.body, request.actor.userId, request.actor);
    },
  );

  app.delete(
    '/api/admin/pricing/plans/:tier',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a plan and all its features', params: tierParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deletePlan(app.db, request.params.tier, request.actor.userId, request.actor);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/pricing/rate-limits',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The limits this server enforces or only tracks', response: { 200: rateLimitStatusListSchema, ...errors } },
    },
    async () => ({ items: [...RATE_LIMIT_STATUS] }),
  );
};
