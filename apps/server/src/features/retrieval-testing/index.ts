import { defineFeature } from '../../plugins/features';
import { retrievalTestingRoutes } from './routes';

/** The retrieval testing feature: its routes, registered by app.ts with the others. */
export const retrievalTestingFeature = defineFeature('retrieval-testing', async (app) => {
  await app.register(retrievalTestingRoutes);
});
