import { defineFeature } from '../../plugins/features';
import { aiActionRoutes } from './routes';

/** The ai actions feature: its routes, registered by app.ts with the others. */
export const aiActionsFeature = defineFeature('ai-actions', async (app, { rateLimiter }) => {
  await app.register(aiActionRoutes, { rateLimiter });
});
