import { defineFeature } from '../../plugins/features';
import { apiKeyRoutes } from './routes';

export { authenticateApiKey, countKeyUses, keyUseStatement, type ApiKeyCaller } from './service';

/** The api keys feature: its routes, registered by app.ts with the others. */
export const apiKeysFeature = defineFeature('api-keys', async (app) => {
  await app.register(apiKeyRoutes);
});
