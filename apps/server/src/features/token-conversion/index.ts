import { defineFeature } from '../../plugins/features';
import { tokenConversionRoutes } from './routes';

/** The token conversion feature: its routes, registered by app.ts with the others. */
export const tokenConversionFeature = defineFeature('token-conversion', async (app) => {
  await app.register(tokenConversionRoutes);
});
