import { defineFeature } from '../../plugins/features';
import { landingRoutes } from './routes';

/** The landing feature: its routes, registered by app.ts with the others. */
export const landingFeature = defineFeature('landing', async (app) => {
  await app.register(landingRoutes);
});
