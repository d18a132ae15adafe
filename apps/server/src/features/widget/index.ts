import { defineFeature } from '../../plugins/features';
import { widgetRoutes } from './routes';

export { cachedChatbot, createPublicAccess } from './public-access';

/** The widget feature: its routes, registered by app.ts with the others. */
export const widgetFeature = defineFeature('widget', async (app) => {
  await app.register(widgetRoutes);
});
