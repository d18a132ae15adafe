import { defineFeature } from '../../plugins/features';
import { launchMaterialsRoutes } from './routes';

/** The launch materials feature: its routes, registered by app.ts with the others. */
export const launchMaterialsFeature = defineFeature('launch-materials', async (app) => {
  await app.register(launchMaterialsRoutes);
});
