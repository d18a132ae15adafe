import { pricingFaqBodySchema, pricingFaqListSchema, pricingFaqSchema, updatePricingFaqBodySchema } from '@parley/shared/contracts/pricing-faqs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCatalogueRoutes } from '../../plugins/catalogue-routes';
import { createFaq, deleteFaq, listFaqs, updateFaq } from './service';

/** Pricing and Billing Administration → FAQs (spec part 2 §2, §7): system_admin only. */
export const pricingFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCatalogueRoutes(app, {
    path: '/api/admin/pricing/faqs',
    access: 'system_admin',
    tags: ['pricing FAQs'],
    summaries: { list: 'Every pricing FAQ by display order', create: 'Create a pricing FAQ', update: 'Change a pricing FAQ', delete: 'Delete a pricing FAQ' },
    schemas: { item: pricingFaqSchema, list: pricingFaqListSchema, create: pricingFaqBodySchema, update: updatePricingFaqBodySchema },
    list: (db) => listFaqs(db),
    create: (db, body, actor) => createFaq(db, body, actor.id, actor.context),
    update: (db, id, body, actor) => updateFaq(db, id, body, actor.id, actor.context),
    remove: (db, id, actor) => deleteFaq(db, id, actor.id, actor.context),
  });
};
