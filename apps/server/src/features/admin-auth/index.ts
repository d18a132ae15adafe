import { defineFeature } from '../../plugins/features';
import { adminAuthRoutes } from './routes';

/** The admin auth feature: its routes, registered by app.ts with the others. */
export const adminAuthFeature = defineFeature('admin-auth', async (app, { auth }) => {
  await app.register(adminAuthRoutes, { auth });
});
