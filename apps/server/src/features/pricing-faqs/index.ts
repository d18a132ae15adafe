import { defineFeature } from '../../plugins/features';
import { pricingFaqRoutes } from './routes';

export { listFaqs } from './service';

/** The pricing faqs feature: its routes, registered by app.ts with the others. */
export const pricingFaqsFeature = defineFeature('pricing-faqs', async (app) => {
  await app.register(pricingFaqRoutes);
});
