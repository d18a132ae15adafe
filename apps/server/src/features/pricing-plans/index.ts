import { defineFeature } from '../../plugins/features';
import { pricingPlanRoutes } from './routes';

export { RATE_LIMIT_STATUS } from './rate-limits';

export { featuresOf } from './service';

/** The pricing plans feature: its routes, registered by app.ts with the others. */
export const pricingPlansFeature = defineFeature('pricing-plans', async (app) => {
  await app.register(pricingPlanRoutes);
});
