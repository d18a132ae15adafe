import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { pricingFaqBodySchema, pricingFaqListSchema, pricingFaqSchema, updatePricingFaqBodySchema } from '@parley/shared/contracts/pricing-faqs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/access';
import { activityContext } from '../../services/activity-log';
import { createFaq, deleteFaq, listFaqs, updateFaq } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['pricing FAQs'];

/** Pricing and Billing Administration → FAQs (spec part 2 §2, §7): system_admin only. */
export const pricingFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/pricing/faqs',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Every pricing FAQ by display order', response: { 200: pricingFaqListSchema, ...errors } },
    },
    async () => ({ items: await listFaqs(app.db) }),
  );

  app.post(
    '/api/admin/pricing/faqs',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Create a pricing FAQ', body: pricingFaqBodySchema, response: { 201: pricingFaqSchema, ...errors } },
    },
    async (request, reply) => {
      const { identity } = requireAdmin(request);
      return reply.status(201).send(await createFaq(app.db, request.body, identity.user.id, activityContext(request)));
    },
  );

  app.put(
    '/api/admin/pricing/faqs/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Change a pricing FAQ',
        params: idParamsSchema,
        body: updatePricingFaqBodySchema,
        response: { 200: pricingFaqSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      return updateFaq(app.db, request.params.id, request.body, identity.user.id, activityContext(request));
    },
  );

  app.delete(
    '/api/admin/pricing/faqs/:id',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Delete a pricing FAQ', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      await deleteFaq(app.db, request.params.id, identity.user.id, activityContext(request));
      return { ok: true as const };
    },
  );
};
