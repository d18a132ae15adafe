import { defineFeature } from '../../plugins/features';
import { cspRoutes } from './routes';

/** The csp feature: its routes, registered by app.ts with the others. */
export const cspFeature = defineFeature('csp', async (app, { rateLimiter }) => {
  await app.register(cspRoutes, { rateLimiter });
});
