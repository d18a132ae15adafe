import { defineFeature } from '../../plugins/features';
import { tokenPackageRoutes } from './routes';

export { listTokenPackages } from './service';

/** The token packages feature: its routes, registered by app.ts with the others. */
export const tokenPackagesFeature = defineFeature('token-packages', async (app) => {
  await app.register(tokenPackageRoutes);
});
