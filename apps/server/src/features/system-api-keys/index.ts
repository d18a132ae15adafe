import { defineFeature } from '../../plugins/features';
import { systemApiKeyRoutes } from './routes';

/** The system api keys feature: its routes, registered by app.ts with the others. */
export const systemApiKeysFeature = defineFeature('system-api-keys', async (app) => {
  await app.register(systemApiKeyRoutes);
});
