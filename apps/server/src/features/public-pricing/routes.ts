import { publicPricingSchema } from '@parley/shared/contracts/public-pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicPricing } from './service';

/** The public pricing page's data (/pricing): anyone may read it. */
export const publicPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/pricing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pricing'],
        summary: 'Active plans with their features, active token packages and active FAQs',
        response: { 200: publicPricingSchema },
      },
    },
    async () => getPublicPricing(app.db),
  );
};
