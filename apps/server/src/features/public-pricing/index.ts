import { defineFeature } from '../../plugins/features';
import { publicPricingRoutes } from './routes';

/** The public pricing feature: its routes, registered by app.ts with the others. */
export const publicPricingFeature = defineFeature('public-pricing', async (app) => {
  await app.register(publicPricingRoutes);
});
