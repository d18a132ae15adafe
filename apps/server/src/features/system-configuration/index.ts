import { defineFeature } from '../../plugins/features';
import { systemConfigurationRoutes } from './routes';

/** The system configuration feature: its routes, registered by app.ts with the others. */
export const systemConfigurationFeature = defineFeature('system-configuration', async (app, { rateLimiter }) => {
  await app.register(systemConfigurationRoutes, { rateLimiter });
});
